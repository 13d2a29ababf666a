/**
 * How much a request body may hold. A body over its route's limit is refused with 413 before it
 * is read (by its Content-Length, or as soon as a streamed body passes the limit); a JSON body
 * nested deeper than MAX_JSON_DEPTH is refused with 400 before it is validated.
 */

const KB = 1024;

/** Limits by path prefix, most specific first; the first that matches applies. */
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

export function bodyLimitFor(pathname: string): number {
  return BODY_LIMITS.find(({ prefix }) => pathname.startsWith(prefix))?.bytes ?? DEFAULT_BODY_LIMIT;
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
