import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { downloadGrants, orderItems, orders, products } from '../../../db/schema';
import { log } from '../../../lib/log';
import { randomToken, sha256 } from '../../../lib/tokens';
import type { ShopDetails } from '../../mail';
import { hasDownloadFile } from './files';
import {
  DOWNLOAD_MAX_REISSUES,
  DOWNLOAD_MAX_USES,
  DOWNLOAD_VALID_DAYS,
  type DownloadLink,
} from '../../../../core/downloads/model';
import { daysAfter } from '../../../../core/dates';
import { statesAllowing } from '../../../../core/orders/lifecycle';

/* The links of an order's digital lines: which lines, made and written, and reissued. */

export interface DownloadDependencies {
  db: Db;
  shop: ShopDetails;
  onMailQueued?: (() => void) | undefined;
}

/**
 * An order whose files may be downloaded: paid, and not canceled or being refunded (the states the
 * lifecycle allows a download in).
 */
const DOWNLOADABLE_STATUSES = statesAllowing('download');
export const orderIsPaid = and(
  eq(orders.paymentStatus, 'paid'),
  inArray(orders.shippingStatus, DOWNLOADABLE_STATUSES),
)!;

export const downloadUrl = (shop: Pick<ShopDetails, 'siteUrl'>, token: string) =>
  `${shop.siteUrl}/api/downloads/${token}`;

interface DigitalLine {
  orderId: string;
  itemId: string;
  title: string;
  /** The product's slug, which names its file; null when the product is gone. */
  slug: string | null;
}

/** The digital lines of the orders `where` selects, with the slug that names each one's file. */
export function digitalLines(db: Db, where: SQL): Promise<DigitalLine[]> {
  return (
    db
      .select({
        orderId: orderItems.orderId,
        itemId: orderItems.id,
        title: orderItems.title,
        slug: products.slug,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      // The line's own kind, copied when bought: never its category's name.
      .where(and(where, eq(orderItems.kind, 'digital')))
      .orderBy(orderItems.orderId, orderItems.position)
  );
}

/** Fresh links for some lines: their tokens (shown once) and the rows that keep only hashes. */
export interface PreparedDownloads {
  links: DownloadLink[];
  rows: (typeof downloadGrants.$inferInsert)[];
}

/** Fresh links for `lines` (a line without a file to deliver is left out and logged). */
export function prepare(
  shop: Pick<ShopDetails, 'siteUrl'>,
  lines: DigitalLine[],
  now = new Date(),
): PreparedDownloads {
  const expiresAt = daysAfter(now, DOWNLOAD_VALID_DAYS);
  const prepared: PreparedDownloads = { links: [], rows: [] };
  for (const line of lines) {
    if (!hasDownloadFile(line.slug)) {
      // Sold as digital but the shop has no file for it: the owner must add one.
      log('error', 'a digital line has no file to deliver', { itemId: line.itemId });
      continue;
    }
    const token = randomToken();
    prepared.rows.push({
      orderId: line.orderId,
      orderItemId: line.itemId,
      file: line.slug,
      tokenHash: sha256(token),
      maxUses: DOWNLOAD_MAX_USES,
      expiresAt,
    });
    prepared.links.push({
      itemId: line.itemId,
      title: line.title,
      url: downloadUrl(shop, token),
      expiresAt: expiresAt.toISOString(),
      usesLeft: DOWNLOAD_MAX_USES,
    });
  }
  return prepared;
}

/**
 * Before an order is settled paid: a link for each of its digital lines, for its confirmation
 * email and page. `grantDownloads` writes them in the settling transaction.
 */
export async function prepareOrderDownloads(
  db: Db,
  shop: Pick<ShopDetails, 'siteUrl'>,
  orderId: string,
): Promise<PreparedDownloads> {
  return prepare(shop, await digitalLines(db, eq(orders.id, orderId)));
}

/**
 * Writes prepared links as the order's issue `issue` (0 when it is paid, see `nextIssue`); the
 * links made before them for the same lines stop working.
 */
export async function grantDownloads(
  tx: Db,
  prepared: PreparedDownloads,
  issue = 0,
): Promise<void> {
  if (prepared.rows.length === 0) return;
  await tx
    .update(downloadGrants)
    .set({ revokedAt: new Date() })
    .where(
      and(
        inArray(
          downloadGrants.orderItemId,
          prepared.rows.map((row) => row.orderItemId),
        ),
        isNull(downloadGrants.revokedAt),
      ),
    );
  await tx.insert(downloadGrants).values(prepared.rows.map((row) => ({ ...row, issue })));
}

/**
 * The number of an order's next reissue of its links, or undefined when it has had
 * DOWNLOAD_MAX_REISSUES already. Call it with the order's row locked (`update`), which every
 * reissue of the order takes, so two at once cannot both take the last one.
 */
export async function nextIssue(tx: Db, orderId: string): Promise<number | undefined> {
  const [latest] = await tx
    .select({ issue: sql<number>`coalesce(max(${downloadGrants.issue}), 0)::int` })
    .from(downloadGrants)
    .where(eq(downloadGrants.orderId, orderId));
  const next = Number(latest?.issue ?? 0) + 1;
  return next <= DOWNLOAD_MAX_REISSUES ? next : undefined;
}
