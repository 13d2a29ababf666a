import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../../config';

/**
 * The one-click links of the back-in-stock emails: the address and the item, signed with a key
 * derived from the server's secret and the link's purpose, so a "stop waiting" link stops that one
 * request and a "confirm" link (issue 36) confirms that one, and neither passes for the other.
 * Nothing is stored; using a link twice, or after the email went, changes nothing.
 */

/** What a link does; each purpose signs with its own key. */
export type LinkPurpose = 'stop' | 'confirm';

const KEY_LABEL: Record<LinkPurpose, string> = {
  stop: 'evergreen restock stop links',
  confirm: 'evergreen restock confirm links',
};

export interface RestockItem {
  email: string;
  productId: string;
  /** '' for the product itself. */
  sku: string;
}

function signature(secret: string, body: string, purpose: LinkPurpose): string {
  const key = createHmac('sha256', secret).update(KEY_LABEL[purpose]).digest();
  return createHmac('sha256', key).update(body).digest('base64url');
}

export function signStopToken(
  item: RestockItem,
  secret = config().jwtSecret,
  purpose: LinkPurpose = 'stop',
): string {
  const body = Buffer.from(
    JSON.stringify([item.email, item.productId.toLowerCase(), item.sku]),
  ).toString('base64url');
  return `${body}.${signature(secret, body, purpose)}`;
}

/** The request a token names, or undefined for a token altered or forged. */
export function readStopToken(
  token: string,
  secret = config().jwtSecret,
  purpose: LinkPurpose = 'stop',
): RestockItem | undefined {
  const [body, signed, ...rest] = token.split('.');
  if (!body || !signed || rest.length > 0) return undefined;
  const expected = Buffer.from(signature(secret, body, purpose));
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

/**
 * The confirmation email's link: a page that shows what will be confirmed, whose button confirms
 * (POST). Opening it changes nothing, so a mail scanner or a link prefetcher confirms nothing.
 */
export const confirmUrl = (siteUrl: string, item: RestockItem) =>
  `${siteUrl}/confirm-waiting?t=${signStopToken(item, undefined, 'confirm')}`;

export const readConfirmToken = (token: string) => readStopToken(token, undefined, 'confirm');
