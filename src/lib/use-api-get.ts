import { useEffect, useEffectEvent } from 'react';
import { api, type ApiResult } from './api-client';

/**
 * Asks GET `path` (none while it is null) when the component shows, again when `path` or `version`
 * changes, and hands the answer to `onAnswer`, unless the component has gone or asked again since:
 * a late answer never overwrites a newer one.
 */
export function useApiGet<T>(
  path: string | null,
  onAnswer: (result: ApiResult<T>) => void,
  version: unknown = 0,
): void {
  const answer = useEffectEvent(onAnswer);
  useEffect(() => {
    if (path === null) return;
    let active = true;
    void api.get<T>(path).then((result) => {
      if (active) answer(result);
    });
    return () => {
      active = false;
    };
  }, [path, version]);
}
