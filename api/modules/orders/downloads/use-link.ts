import { and, eq, exists, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { downloadGrants, orders } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { log } from '../../../lib/log';
import { sha256 } from '../../../lib/tokens';
import { lockOrder } from '../fulfilment';
import { downloadFilePath, downloadFileSize } from './files';
import type { DownloadRefusal } from '../../../../core/downloads/model';
import { orderIsPaid } from './grants';

/** A link's token: 32 random bytes, base64url (api/lib/tokens.ts). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

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
