/** A JSON POST to the shop's API, with the outcome as a value: the page shows a sentence either way. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: string; fields?: Record<string, string> };

export const NETWORK_ERROR = 'There is a problem on our end. Please try again later.';

export async function postJson<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // A body that is not JSON (a proxy's error page): the status says enough.
  }
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const error = payload as { error?: string; fields?: Record<string, string> } | null;
  return {
    ok: false,
    status: response.status,
    error: error?.error ?? NETWORK_ERROR,
    ...(error?.fields ? { fields: error.fields } : {}),
  };
}
