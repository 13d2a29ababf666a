import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../../config';
import type { ShopDetails } from '../mail';
import { daysAfter } from '../../../core/dates';

/**
 * The signed "View your order" link (DECISIONS "Guests' orders"): the order's id and an expiry,
 * signed with a key derived from the server's secret, so it opens that one order and nothing else,
 * and stops working when the retention period ends (the order is anonymised then anyway). Nothing
 * is stored: every server process with the same secret reads it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OrderLinkSettings {
  secret: string;
  retentionDays: number;
}

const fromConfig = (): OrderLinkSettings => {
  const settings = config();
  return { secret: settings.jwtSecret, retentionDays: settings.jobs.retentionDays };
};

function signature(secret: string, body: string): string {
  const key = createHmac('sha256', secret).update('evergreen order status links').digest();
  return createHmac('sha256', key).update(body).digest('base64url');
}

/** A link token for `orderId` that works until `expiresAt`. */
export function signOrderLink(secret: string, orderId: string, expiresAt: Date): string {
  const body = `${orderId.toLowerCase()}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${signature(secret, body)}`;
}

/** The order a link token opens, or undefined for a token altered, forged or expired. */
export function readOrderLink(
  token: string,
  now: Date = new Date(),
  secret: string = fromConfig().secret,
): string | undefined {
  const [orderId, expires, signed, ...rest] = token.split('.');
  if (!orderId || !expires || !signed || rest.length > 0) return undefined;
  if (!UUID.test(orderId) || !/^\d{1,12}$/.test(expires)) return undefined;
  const expected = Buffer.from(signature(secret, `${orderId}.${expires}`));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(expires) * 1000 <= now.getTime()) return undefined;
  return orderId;
}

/** The order's status page, signed for as long as the order is kept (its retention period). */
export function orderStatusUrl(
  shop: Pick<ShopDetails, 'siteUrl'>,
  order: { id: string; createdAt: Date | string },
  settings: OrderLinkSettings = fromConfig(),
): string {
  const expiresAt = daysAfter(new Date(order.createdAt), settings.retentionDays);
  return `${shop.siteUrl}/orderstatus?t=${signOrderLink(settings.secret, order.id, expiresAt)}`;
}
