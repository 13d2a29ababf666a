import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../../config';

/**
 * The one-click "stop waiting" link of every back-in-stock email: the address and the item,
 * signed with a key derived from the server's secret, so it stops that one request and nothing
 * else. Nothing is stored; stopping twice, or after the email went, changes nothing.
 */

export interface RestockItem {
  email: string;
  productId: string;
  /** '' for the product itself. */
  sku: string;
}

function signature(secret: string, body: string): string {
  const key = createHmac('sha256', secret).update('evergreen restock stop links').digest();
  return createHmac('sha256', key).update(body).digest('base64url');
}

export function signStopToken(item: RestockItem, secret = config().jwtSecret): string {
  const body = Buffer.from(
    JSON.stringify([item.email, item.productId.toLowerCase(), item.sku]),
  ).toString('base64url');
  return `${body}.${signature(secret, body)}`;
}

/** The request a token names, or undefined for a token altered or forged. */
export function readStopToken(token: string, secret = config().jwtSecret): RestockItem | undefined {
  const [body, signed, ...rest] = token.split('.');
  if (!body || !signed || rest.length > 0) return undefined;
  const expected = Buffer.from(signature(secret, body));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const [email, productId, sku] = JSON.parse(Buffer.from(body, 'base64url').toString()) as [
      unknown,
      unknown,
      unknown,
    ];
    if (typeof email !== 'string' || typeof productId !== 'string' || typeof sku !== 'string')
      return undefined;
    return { email, productId, sku };
  } catch {
    return undefined;
  }
}

/** The stop link's address. */
export const stopUrl = (siteUrl: string, item: RestockItem) =>
  `${siteUrl}/api/restock-alerts/stop?t=${signStopToken(item)}`;
