import { and, desc, eq, exists, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { DIGITAL_CATEGORY } from '../../../core/product/digital';
import type { Db } from '../../db/client';
import { downloadGrants, orderItems, orders, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import { randomToken, sha256 } from '../../lib/tokens';
import { enqueueMail } from '../mail/outbox';
import type { ShopDetails } from '../mail/templates';
import { lockOrder } from '../orders/fulfilment';
import { ownedBy, type Customer } from '../orders/ownership';
import { freshDownloadLinksEmail, reissueLimitEmail } from './email';
import { downloadFilePath, downloadFileSize, hasDownloadFile } from './files';
import {
  DOWNLOAD_MAX_REISSUES,
  DOWNLOAD_MAX_USES,
  DOWNLOAD_MESSAGES,
  DOWNLOAD_VALID_DAYS,
  type DownloadLine,
  type DownloadLink,
  type DownloadRefusal,
  type FreshLinksRequest,
} from '../../../core/downloads/model';

export interface DownloadDependencies {
  db: Db;
  shop: ShopDetails;
  onMailQueued?: (() => void) | undefined;
}

/** An order whose files may be downloaded: paid, and not canceled or being refunded. */
const DOWNLOADABLE_STATUSES = ['unfulfilled', 'shipped', 'delivered'] as const;
const orderIsPaid = and(
  eq(orders.paymentStatus, 'paid'),
  inArray(orders.shippingStatus, DOWNLOADABLE_STATUSES),
)!;

/** A link's token: 32 random bytes, base64url (api/lib/tokens.ts). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

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
function digitalLines(db: Db, where: SQL): Promise<DigitalLine[]> {
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
      // isDigitalCategory, said in SQL: the category in any case.
      .where(and(where, sql`lower(${orderItems.category}) = ${DIGITAL_CATEGORY}`))
      .orderBy(orderItems.orderId, orderItems.position)
  );
}

/** Fresh links for some lines: their tokens (shown once) and the rows that keep only hashes. */
export interface PreparedDownloads {
  links: DownloadLink[];
  rows: (typeof downloadGrants.$inferInsert)[];
}

function prepare(
  shop: Pick<ShopDetails, 'siteUrl'>,
  lines: DigitalLine[],
  now = new Date(),
): PreparedDownloads {
  const expiresAt = new Date(now.getTime() + DOWNLOAD_VALID_DAYS * 24 * 60 * 60 * 1000);
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

export type DownloadOutcome =
  | { kind: 'file'; path: string; size: number; filename: string }
  | { kind: 'refused'; reason: DownloadRefusal };

/**
 * One download through a link, decided in one transaction with the order's row locked (shared,
 * orders/fulfilment.ts): the order is read as it is now, and a cancel of it, which
 * locks the same row to change it, waits for this one to count its use, then sees the use and
 * refuses (DECISIONS: digital-only orders cannot be canceled after a download); a cancel that
 * locked it first has moved the order out of paid, and this download is refused. The use is
 * counted by one conditional update (live, not expired, under its limit), so however many
 * requests arrive together, no more than the limit ever get the file. A refused link says why.
 */
export async function useDownload(db: Db, token: string): Promise<DownloadOutcome> {
  if (!TOKEN.test(token)) return { kind: 'refused', reason: 'invalid' };
  const tokenHash = sha256(token);
  const served = await db.transaction(async (tx) => {
    const [grant] = await tx
      .select({ orderId: downloadGrants.orderId })
      .from(downloadGrants)
      .where(eq(downloadGrants.tokenHash, tokenHash));
    if (!grant || !(await lockOrder(tx, grant.orderId, 'share', orderIsPaid))) return undefined;
    const [counted] = await tx
      .update(downloadGrants)
      .set({ uses: sql`${downloadGrants.uses} + 1` })
      .where(usable(tokenHash))
      .returning({ file: downloadGrants.file });
    // A file gone missing throws, and the use is not counted (the transaction is undone).
    return counted && (await servedFile(counted.file));
  });
  return served ?? { kind: 'refused', reason: await whyRefused(db, tokenHash) };
}

/**
 * What a download through the link would answer now, counting nothing: a HEAD request (a
 * browser's or a mail scanner's look before the download) must not use one of its 5 downloads.
 */
export async function checkDownload(db: Db, token: string): Promise<DownloadOutcome> {
  if (!TOKEN.test(token)) return { kind: 'refused', reason: 'invalid' };
  const tokenHash = sha256(token);
  const paidOrder = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(eq(orders.id, downloadGrants.orderId), orderIsPaid));
  const [grant] = await db
    .select({ file: downloadGrants.file })
    .from(downloadGrants)
    .where(and(usable(tokenHash), exists(paidOrder)));
  if (grant) return servedFile(grant.file);
  return { kind: 'refused', reason: await whyRefused(db, tokenHash) };
}

/** The link of `tokenHash`, while it may serve its file: live, not expired, under its limit. */
const usable = (tokenHash: string) =>
  and(
    eq(downloadGrants.tokenHash, tokenHash),
    isNull(downloadGrants.revokedAt),
    gt(downloadGrants.expiresAt, sql`now()`),
    lt(downloadGrants.uses, downloadGrants.maxUses),
  );

/** The file a link serves; 503 when it went missing (the owner must put it back). */
async function servedFile(file: string): Promise<DownloadOutcome> {
  const size = await downloadFileSize(file);
  const path = downloadFilePath(file);
  if (size !== undefined && path) {
    return { kind: 'file', path, size, filename: `${file}.jpg` };
  }
  log('error', 'a download file is missing', { file });
  throw new AppError(
    'UNAVAILABLE',
    'This file is not available right now. Please try again later.',
  );
}

async function whyRefused(db: Db, tokenHash: string): Promise<DownloadRefusal> {
  const [grant] = await db
    .select({
      revokedAt: downloadGrants.revokedAt,
      expired: sql<boolean>`${downloadGrants.expiresAt} <= now()`,
      usedUp: sql<boolean>`${downloadGrants.uses} >= ${downloadGrants.maxUses}`,
      paid: sql<boolean>`exists (select 1 from ${orders} where ${orders.id} = ${downloadGrants.orderId} and ${orderIsPaid})`,
    })
    .from(downloadGrants)
    .where(eq(downloadGrants.tokenHash, tokenHash));
  if (!grant) return 'invalid';
  if (!grant.paid) return 'unpaid';
  if (grant.revokedAt) return 'replaced';
  if (grant.usedUp) return 'used-up';
  return 'expired';
}

/**
 * The number of an order's next reissue of its links, or undefined when it has had
 * DOWNLOAD_MAX_REISSUES already. Call it with the order's row locked (`update`), which every
 * reissue of the order takes, so two at once cannot both take the last one.
 */
async function nextIssue(tx: Db, orderId: string): Promise<number | undefined> {
  const [latest] = await tx
    .select({ issue: sql<number>`coalesce(max(${downloadGrants.issue}), 0)::int` })
    .from(downloadGrants)
    .where(eq(downloadGrants.orderId, orderId));
  const next = Number(latest?.issue ?? 0) + 1;
  return next <= DOWNLOAD_MAX_REISSUES ? next : undefined;
}

/**
 * A guest's request for fresh links: when the number and the email name a paid order with
 * downloads, its links are made anew and emailed to the order's address; once the order has had
 * its reissues, that address is told so instead. Answers nothing either way, so the request tells
 * a stranger nothing about the shop's orders.
 */
export async function requestFreshLinks(
  deps: DownloadDependencies,
  request: FreshLinksRequest,
): Promise<void> {
  const [order] = await deps.db
    .select({
      id: orders.id,
      number: orders.number,
      email: orders.email,
      firstname: orders.firstname,
    })
    .from(orders)
    .where(
      and(
        eq(orders.number, request.orderNumber),
        sql`lower(${orders.email}) = ${request.email.toLowerCase()}`,
        orderIsPaid,
      ),
    );
  if (!order) return;
  const prepared = prepare(deps.shop, await digitalLines(deps.db, eq(orders.id, order.id)));
  if (prepared.links.length === 0) return;
  const about = { shop: deps.shop, orderNumber: order.number, firstname: order.firstname };
  const mail = await freshDownloadLinksEmail({ ...about, links: prepared.links });
  const outcome = await deps.db.transaction(async (tx) => {
    if (!(await lockOrder(tx, order.id, 'update', orderIsPaid))) return 'not paid';
    const issue = await nextIssue(tx, order.id);
    if (issue === undefined) return 'limit';
    await grantDownloads(tx, prepared, issue);
    await enqueueMail(tx, { kind: 'downloads.reissued', to: order.email, ...mail });
    return 'sent';
  });
  if (outcome === 'not paid') return;
  if (outcome === 'limit') {
    const note = await reissueLimitEmail(about);
    await enqueueMail(deps.db, { kind: 'downloads.reissue-limit', to: order.email, ...note });
  }
  deps.onMailQueued?.();
}

/**
 * A signed-in customer's fresh link to one digital line of their own paid order: 404 for an order
 * or line that is not theirs, 409 with 'reissueLimit' once the order has had its reissues.
 */
export async function reissueForCustomer(
  deps: DownloadDependencies,
  customer: Customer,
  line: { orderId: string; itemId: string },
): Promise<DownloadLink> {
  const theirs = and(ownedBy(customer), orderIsPaid)!;
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, line.orderId, 'update', theirs);
    const [found] = locked
      ? await digitalLines(
          tx,
          and(eq(orders.id, line.orderId), eq(orderItems.id, line.itemId), theirs)!,
        )
      : [];
    if (!found) throw new AppError('NOT_FOUND', DOWNLOAD_MESSAGES.notFound);
    const issue = await nextIssue(tx, line.orderId);
    if (issue === undefined) throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.reissueLimit);
    const prepared = prepare(deps.shop, [found]);
    const [link] = prepared.links;
    if (!link) throw new AppError('UNAVAILABLE', DOWNLOAD_MESSAGES.reissueFailed);
    await grantDownloads(tx, prepared, issue);
    return link;
  });
}

/** The paid digital lines of a customer's orders, with their newest link's state. */
export async function customerDownloads(db: Db, customer: Customer): Promise<DownloadLine[]> {
  const lines = await digitalLines(db, and(ownedBy(customer), orderIsPaid)!);
  const deliverable = lines.filter((line) => hasDownloadFile(line.slug));
  if (deliverable.length === 0) return [];
  const grants = await db
    .select()
    .from(downloadGrants)
    .where(
      and(
        inArray(
          downloadGrants.orderItemId,
          deliverable.map((line) => line.itemId),
        ),
        isNull(downloadGrants.revokedAt),
      ),
    )
    .orderBy(desc(downloadGrants.createdAt));
  return deliverable.map((line) => {
    const grant = grants.find((row) => row.orderItemId === line.itemId);
    const live = grant && grant.expiresAt > new Date();
    return {
      orderId: line.orderId,
      itemId: line.itemId,
      title: line.title,
      expiresAt: grant ? grant.expiresAt.toISOString() : null,
      usesLeft: grant && live ? grant.maxUses - grant.uses : 0,
    };
  });
}
