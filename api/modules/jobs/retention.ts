import { and, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contactMessages,
  giftCards,
  inboxReplies,
  orderItems,
  orderIssueReports,
  orders,
  outbox,
  returnRequests,
  type OrderAddress,
} from '../../db/schema';
import { DEFAULT_BATCHES, inBatches, pruneRows, type BatchLimits } from './batches';

/**
 * What an anonymised order's email (the mark that it has been done) and a message's email become.
 * A message's mark is its empty text, since a guest's message may have no email at all.
 */
export const ANONYMOUS = '';
const NO_ADDRESS: OrderAddress = { line1: '', line2: '', city: '', state: '', zipcode: '' };

export interface RetentionRound {
  orders: number;
  contactMessages: number;
  /** The owner's replies from the inbox (they quote the customer's address and may name them). */
  replies: number;
  /** Gift cards whose buyer's and recipient's names, emails and message were cleared. */
  giftCards: number;
  mail: number;
}

/** What a gift-card line keeps past the period: its amount and delivery day, no one's name. */
const ANONYMOUS_GIFT_LINE = '{"recipientName": "", "recipientEmail": "", "message": ""}';

const olderThan = (days: number) => sql`now() - make_interval(days => ${days})`;

/**
 * The privacy policy's promise (DECISIONS "Retention"): orders and contact messages older than
 * `retentionDays` lose the customer's name, email, addresses and messages, and the link to their
 * account; totals, dates and line items stay for the books, a gift-card line without its
 * recipient and message. Gift cards of that age keep their code, amount and ledger (a card never
 * expires) but lose the buyer's and recipient's names, emails and message. Delivered mail of that
 * age (which repeats names and addresses) is deleted. In bounded batches.
 */
export async function runRetention(
  db: Db,
  retentionDays: number,
  limits: BatchLimits = DEFAULT_BATCHES,
): Promise<RetentionRound> {
  const cutoff = olderThan(retentionDays);
  const anonymisedOrders = await anonymiseOrders(db, cutoff, limits);
  const anonymisedMessages = await anonymiseMessages(db, cutoff, limits);
  const anonymisedReplies = await anonymiseReplies(db, cutoff, limits);
  const anonymisedCards = await anonymiseCards(db, cutoff, limits);
  const mail = await pruneRows(
    db,
    outbox,
    outbox.id,
    and(lt(outbox.createdAt, cutoff), ne(outbox.status, 'pending')),
    limits,
  );
  return {
    orders: anonymisedOrders,
    contactMessages: anonymisedMessages,
    replies: anonymisedReplies,
    giftCards: anonymisedCards,
    mail,
  };
}

/** Orders older than the cutoff lose who bought them, and their lines' and messages' words. */
function anonymiseOrders(db: Db, cutoff: SQL, limits: BatchLimits): Promise<number> {
  return inBatches(limits, async (batchSize) => {
    const due = db
      .select({ id: orders.id })
      .from(orders)
      .where(and(lt(orders.createdAt, cutoff), ne(orders.email, ANONYMOUS)))
      .limit(batchSize);
    return db.transaction(async (tx) => {
      const done = await tx
        .update(orders)
        .set({
          email: ANONYMOUS,
          firstname: '',
          lastname: '',
          userId: null,
          shippingAddress: NO_ADDRESS,
          billingAddress: NO_ADDRESS,
          trackingNumber: null,
          // The owner's own words on a canceled order may name the customer.
          cancelNote: null,
          // A gift's message may name people; it stays a gift (issue 26).
          giftMessage: sql`case when ${orders.giftMessage} is null then null else '' end`,
          giftRecipientEmail: null,
        })
        .where(inArray(orders.id, due))
        .returning({ id: orders.id });
      const ids = done.map((row) => row.id);
      if (ids.length > 0) {
        await tx
          .update(orderIssueReports)
          .set({ message: '' })
          .where(inArray(orderIssueReports.orderId, ids));
        await tx
          .update(returnRequests)
          .set({ message: '' })
          .where(inArray(returnRequests.orderId, ids));
        await tx
          .update(orderItems)
          .set({ giftCard: sql`${orderItems.giftCard} || ${ANONYMOUS_GIFT_LINE}::jsonb` })
          .where(and(inArray(orderItems.orderId, ids), isNotNull(orderItems.giftCard)));
      }
      return ids.length;
    });
  });
}

/** Contact messages older than the cutoff lose their words and sender. */
function anonymiseMessages(db: Db, cutoff: SQL, limits: BatchLimits): Promise<number> {
  return inBatches(limits, async (batchSize) => {
    const due = db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      // A message is never empty until anonymised; its email may be null (a guest's choice).
      .where(and(lt(contactMessages.createdAt, cutoff), ne(contactMessages.message, '')))
      .limit(batchSize);
    const done = await db
      .update(contactMessages)
      .set({ email: ANONYMOUS, message: '', userId: null, meta: null })
      .where(inArray(contactMessages.id, due))
      .returning({ id: contactMessages.id });
    return done.length;
  });
}

/** The owner's replies older than the cutoff lose their words and recipient. */
function anonymiseReplies(db: Db, cutoff: SQL, limits: BatchLimits): Promise<number> {
  return inBatches(limits, async (batchSize) => {
    const due = db
      .select({ id: inboxReplies.id })
      .from(inboxReplies)
      .where(and(lt(inboxReplies.createdAt, cutoff), ne(inboxReplies.message, '')))
      .limit(batchSize);
    const done = await db
      .update(inboxReplies)
      .set({ to: ANONYMOUS, message: '' })
      .where(inArray(inboxReplies.id, due))
      .returning({ id: inboxReplies.id });
    return done.length;
  });
}

/** Gift cards older than the cutoff lose their buyer, recipient and message. */
function anonymiseCards(db: Db, cutoff: SQL, limits: BatchLimits): Promise<number> {
  return inBatches(limits, async (batchSize) => {
    const due = db
      .select({ id: giftCards.id })
      .from(giftCards)
      // The buyer's email is never empty until anonymised (a void card's recipient may be).
      .where(and(lt(giftCards.createdAt, cutoff), ne(giftCards.buyerEmail, ANONYMOUS)))
      .limit(batchSize);
    const done = await db
      .update(giftCards)
      .set({
        buyerName: '',
        buyerEmail: ANONYMOUS,
        recipientName: '',
        recipientEmail: '',
        message: '',
      })
      .where(inArray(giftCards.id, due))
      .returning({ id: giftCards.id });
    return done.length;
  });
}
