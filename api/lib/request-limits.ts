/**
 * How much a request body may hold, by the route that answers it (its canonical path, see
 * canonical-path.ts). A body over its route's limit is refused with 413: by its Content-Length
 * before a byte is read, or, streamed (chunked), as soon as the bytes read pass the limit; the
 * body is read only as the API parses it, so a request refused before that (a sign-in missing)
 * is never read. A JSON body nested deeper than MAX_JSON_DEPTH is refused with 400 before it is
 * validated.
 */
import { AppError } from './errors';

const KB = 1024;

/**
 * Limits by route: a path that is the prefix or goes on below it (`/api/cart/` covers
 * `/api/cart/validate`; `/api/admin/uploads` covers `/api/admin/uploads/x`, not
 * `/api/admin/uploadsx`). Most specific first; the first that matches applies.
 */
export const BODY_LIMITS: readonly { prefix: string; bytes: number }[] = [
  // An order carries up to 50 lines, two addresses and the card step's token.
  { prefix: '/api/orders/', bytes: 64 * KB },
  // Stripe's events are a few kilobytes; room to spare.
  { prefix: '/api/payments/stripe/webhook', bytes: 64 * KB },
  // Up to 100 lines to check.
  { prefix: '/api/cart/', bytes: 32 * KB },
  // A message of a few thousand characters (each up to 4 bytes) and a name and an address.
  { prefix: '/api/contact/', bytes: 16 * KB },
  // One product image of up to 10 MB, base64 in JSON (4/3 of it), with room for the message.
  { prefix: '/api/admin/uploads', bytes: 15 * KB * KB },
  // DOR's quarterly ZIP+4 rate file as text (the whole state is some tens of megabytes).
  { prefix: '/api/admin/tax/import', bytes: 48 * KB * KB },
  // A product's texts (a description of up to 5,000 characters) and its categories.
  { prefix: '/api/admin/products', bytes: 32 * KB },
];

/** Everything else (sign-in, addresses, a card to tokenise) is small. */
export const DEFAULT_BODY_LIMIT = 8 * KB;

export const MAX_JSON_DEPTH = 16;

export const LIMIT_MESSAGES = {
  tooLarge: 'The request is too large.',
  tooDeep: 'The request body is nested too deeply.',
} as const;

function covers(prefix: string, pathname: string): boolean {
  if (!pathname.startsWith(prefix)) return false;
  return (
    prefix.endsWith('/') || pathname.length === prefix.length || pathname[prefix.length] === '/'
  );
}

/** The limit of the route a canonical path names. */
export function bodyLimitFor(pathname: string): number {
  return BODY_LIMITS.find(({ prefix }) => covers(prefix, pathname))?.bytes ?? DEFAULT_BODY_LIMIT;
}

/** A body over its route's limit: 413, `{"error":"The request is too large."}`. */
export class RequestTooLarge extends AppError {
  constructor() {
    super('INVALID_DATA', LIMIT_MESSAGES.tooLarge);
  }

  override get status(): number {
    return 413;
  }
}

/**
 * A request body that is read only when its reader asks (nothing is read ahead) and fails with
 * RequestTooLarge as soon as more than `limit` bytes have come, whatever the transfer encoding.
 */
export function countedBody(
  chunks: AsyncIterable<Uint8Array>,
  limit: number,
): ReadableStream<Uint8Array> {
  let iterator: AsyncIterator<Uint8Array> | undefined;
  let received = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        iterator ??= chunks[Symbol.asyncIterator]();
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        received += next.value.byteLength;
        if (received > limit) controller.error(new RequestTooLarge());
        else controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The declared Content-Length, or undefined when there is none (or it is not a number). */
export function declaredLength(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Whether a parsed JSON value nests deeper than `max` objects or arrays. Walks with its own stack,
 * so a body nested 10,000 deep is measured without overflowing the call stack.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
