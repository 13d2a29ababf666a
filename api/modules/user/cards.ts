import { and, asc, eq } from 'drizzle-orm';
import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { paymentCustomers, savedCards, type SavedCardRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import type { AuthPlugin } from '../auth';
import { sameSiteJson } from '../../plugins/same-site-json';
import type { CardWallet, PaymentGateway, SavedMethod } from '../payments';
import {
  CARD_MESSAGES,
  deletePaymentBody,
  type SavedPaymentDto,
} from '../../../core/user/cards-model';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CardOwner {
  id: string;
  email: string;
}

function walletOf(gateway: PaymentGateway): CardWallet {
  if (!gateway.wallet) throw new AppError('UNAVAILABLE', CARD_MESSAGES.notOffered);
  return gateway.wallet;
}

/** Provider failures other than our own refusals become a 503 the page can show. */
function unreachable(error: unknown): never {
  if (error instanceof AppError) throw error;
  log('error', 'stored cards: the payment provider failed', { error: String(error) });
  throw new AppError('UNAVAILABLE', CARD_MESSAGES.providerUnavailable);
}

export function toSavedPaymentDto(row: SavedCardRow): SavedPaymentDto {
  return {
    _id: row.id,
    brand: row.brand,
    last4Number: row.last4,
    expirationMonth: String(row.expMonth).padStart(2, '0'),
    expirationYear: String(row.expYear),
  };
}

async function customerOf(db: Db, provider: string, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ ref: paymentCustomers.customerRef })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.ref;
}

/** The user's one customer at the provider, made on first need. */
export async function ensureCustomer(
  db: Db,
  gateway: PaymentGateway,
  user: CardOwner,
): Promise<string> {
  const known = await customerOf(db, gateway.provider, user.id);
  if (known) return known;
  const made = await walletOf(gateway).createCustomer({
    email: user.email,
    userId: user.id,
    idempotencyKey: `customer-${user.id}`,
  });
  await db
    .insert(paymentCustomers)
    .values({ userId: user.id, provider: gateway.provider, customerRef: made })
    .onConflictDoNothing();
  // Two first saves at once: both use the customer that was kept.
  return (await customerOf(db, gateway.provider, user.id))!;
}

/** Turns the card just entered into a stored card of the user's customer (not yet listed). */
export async function setUpCard(
  db: Db,
  gateway: PaymentGateway,
  user: CardOwner,
  paymentMethodId: string,
  setupKey: string,
): Promise<{ customer: string; method: SavedMethod }> {
  const customer = await ensureCustomer(db, gateway, user);
  const method = await walletOf(gateway).saveCard(customer, paymentMethodId, setupKey);
  return { customer, method };
}

/** Lists the stored card for the user, once its order has paid with it. */
export async function keepCard(
  db: Db,
  provider: string,
  userId: string,
  method: SavedMethod,
): Promise<void> {
  await db
    .insert(savedCards)
    .values({
      userId,
      provider,
      methodRef: method.reference,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.expMonth,
      expYear: method.card.expYear,
    })
    .onConflictDoNothing();
}

/**
 * A stored card the user may be charged with: theirs, with this provider, and still attached to
 * their customer. Anything else is a 404, as if it did not exist.
 */
export async function storedCardFor(
  db: Db,
  gateway: PaymentGateway,
  userId: string,
  id: string,
): Promise<{ customer: string; reference: string; row: SavedCardRow }> {
  const notFound = new AppError('NOT_FOUND', CARD_MESSAGES.notFound);
  if (!UUID.test(id)) throw notFound;
  const [row] = await db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.id, id),
        eq(savedCards.userId, userId),
        eq(savedCards.provider, gateway.provider),
      ),
    );
  const customer = row && (await customerOf(db, gateway.provider, userId));
  if (!row || !customer) throw notFound;
  return { customer, reference: row.methodRef, row };
}

/** GET /user/savedPaymentMethods: our rows still attached at the provider. */
export async function listSavedCards(
  db: Db,
  gateway: PaymentGateway,
  userId: string,
): Promise<SavedPaymentDto[]> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.provider, gateway.provider)))
    .orderBy(asc(savedCards.createdAt), asc(savedCards.id));
  if (rows.length === 0) return [];
  const customer = await customerOf(db, gateway.provider, userId);
  if (!customer) return [];
  const attached = await walletOf(gateway).listCards(customer).catch(unreachable);
  const references = new Set(attached.map((method) => method.reference));
  return rows.filter((row) => references.has(row.methodRef)).map(toSavedPaymentDto);
}

/** DELETE /user/payment: detached at the provider first; our row goes only once that worked. */
export async function deleteSavedCard(
  db: Db,
  gateway: PaymentGateway,
  userId: string,
  id: string,
): Promise<void> {
  const { customer, reference, row } = await storedCardFor(db, gateway, userId, id);
  await walletOf(gateway).detachCard(customer, reference).catch(unreachable);
  await db.delete(savedCards).where(eq(savedCards.id, row.id));
}

/** What the user module's routes need. */
export interface UserModuleDeps {
  db: Db;
  auth: AuthPlugin;
  /** For the stored cards (GET /user/savedPaymentMethods, DELETE /user/payment). */
  gateway: PaymentGateway;
}

/** GET /user/savedPaymentMethods, DELETE /user/payment (spec §7); mounted in userModule. */
export const storedCardRoutes = ({ db, auth, gateway }: UserModuleDeps) =>
  new Elysia({ name: 'user-cards' })
    .use(sameSiteJson)
    .use(auth)
    .get('/savedPaymentMethods', ({ user }) => listSavedCards(db, gateway, user.id), {
      auth: true,
    })
    .delete(
      '/payment',
      async ({ body, user }) => {
        await deleteSavedCard(db, gateway, user.id, body._id);
        return { _id: body._id };
      },
      { body: deletePaymentBody, auth: true },
    );
