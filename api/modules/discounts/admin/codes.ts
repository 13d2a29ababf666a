import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { discountCodes, type DiscountCodeRow } from '../../../db/schema';
import { inStates } from '../../../db/lifecycle-sql';
import { audit, type Actor } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import { isUniqueViolation } from '../../../lib/unique-violation';
import { centsToDollars, dollarsToCents } from '../../../../core/money';
import { REVENUE_STATES } from '../../../../core/orders/lifecycle';
import {
  DISCOUNT_ADMIN_MESSAGES,
  type DiscountCodeDto,
  type DiscountCodeInput,
  type DiscountStatus,
} from '../../../../core/discounts/model';

/**
 * The owner's discount codes (issue 42): list, create, edit, pause and activate, each change
 * audited in its own transaction. `value` is kept as the percentage or as cents; the owner's form
 * speaks dollars.
 */

/*
 * Correlated on the code's row by table-qualified names: drizzle writes a lone table's columns
 * unqualified, so `${discountCodes.id}` inside the subquery would read the inner table's `id`.
 */

/** Live uses: orders that used the code and have not given the use back. */
const usesSql = sql<number>`(select count(*) from discount_uses u
  where u.code_id = discount_codes.id and u.released_at is null)::int`;

/** What the code took off orders that count as sales (paid, not canceled: REVENUE_STATES). */
const givenSql = sql<number>`coalesce((select sum(o.discount_cents) from orders o
  where o.discount_code_id = discount_codes.id
    and ${inStates(sql`o.shipping_status`, REVENUE_STATES)}), 0)::int`;

const columns = { code: discountCodes, uses: usesSql, given: givenSql };

type Listed = { code: DiscountCodeRow; uses: number; given: number };

export function toDiscountCodeDto({ code, uses, given }: Listed): DiscountCodeDto {
  return {
    _id: code.id,
    code: code.code,
    kind: code.kind,
    value: code.kind === 'percent' ? code.value : centsToDollars(code.value),
    minSubtotal: centsToDollars(code.minSubtotalCents),
    categories: code.categories,
    productIds: code.productIds,
    startsOn: code.startsOn,
    endsOn: code.endsOn,
    maxUses: code.maxUses,
    oncePerCustomer: code.oncePerCustomer,
    status: code.status,
    uses: Number(uses),
    given: centsToDollars(Number(given)),
    createdAt: code.createdAt.toISOString(),
    updatedAt: code.updatedAt.toISOString(),
  };
}

/** The columns the owner's form sets, from its input. */
function rowValues(input: DiscountCodeInput) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === 'percent' ? input.value : dollarsToCents(input.value),
    minSubtotalCents: dollarsToCents(input.minSubtotal),
    categories: input.categories,
    productIds: input.productIds,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    maxUses: input.maxUses,
    oncePerCustomer: input.oncePerCustomer,
    status: input.status,
  };
}

/** What the audit log keeps of a code: its settings, not its counters. */
function audited(row: DiscountCodeRow): Record<string, unknown> {
  const { id: _id, usesCount: _uses, createdAt: _created, updatedAt: _updated, ...rest } = row;
  return rest;
}

const codeTaken = () =>
  new AppError('CONFLICT', DISCOUNT_ADMIN_MESSAGES.codeTaken, {
    code: DISCOUNT_ADMIN_MESSAGES.codeTaken,
  });
const notFound = () => new AppError('NOT_FOUND', DISCOUNT_ADMIN_MESSAGES.notFound);

/** A taken name (the unique index on upper(code)) as the form's 409, anything else as it was. */
async function refusingTakenCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** GET /api/admin/discounts: every code, newest first, with its live uses and what it gave. */
export async function listDiscountCodes(db: Db): Promise<DiscountCodeDto[]> {
  const rows = await db
    .select(columns)
    .from(discountCodes)
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  return rows.map(toDiscountCodeDto);
}

export async function discountCodeDetail(db: Db, id: string): Promise<DiscountCodeDto> {
  const [row] = await db.select(columns).from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw notFound();
  return toDiscountCodeDto(row);
}

/** POST /api/admin/discounts: a new code (409 when another has its name, in any case). */
export async function createDiscountCode(
  db: Db,
  actor: Actor,
  input: DiscountCodeInput,
): Promise<DiscountCodeDto> {
  const created = await refusingTakenCode(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(discountCodes).values(rowValues(input)).returning();
      // Stryker disable next-line ConditionalExpression,StringLiteral: an INSERT … RETURNING of one row answers it or throws; this only narrows the type
      if (!row) throw new Error('insert returned no row');
      await audit(tx, actor, {
        action: 'discount.create',
        entity: 'discount_code',
        entityId: row.id,
        after: audited(row),
      });
      return row;
    }),
  );
  return discountCodeDetail(db, created.id);
}

/**
 * PUT /api/admin/discounts/:id: the owner's whole form again. Its uses so far stay; total uses
 * cannot be set below them (the code would already be over its limit).
 */
export async function updateDiscountCode(
  db: Db,
  actor: Actor,
  id: string,
  input: DiscountCodeInput,
): Promise<DiscountCodeDto> {
  await refusingTakenCode(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(discountCodes)
        .where(eq(discountCodes.id, id))
        .for('update');
      if (!before) throw notFound();
      if (input.maxUses !== null && input.maxUses < before.usesCount) {
        const message = DISCOUNT_ADMIN_MESSAGES.usesBelowCount(before.usesCount);
        throw new AppError('INVALID_DATA', message, { maxUses: message });
      }
      const [after] = await tx
        .update(discountCodes)
        .set({ ...rowValues(input), updatedAt: new Date() })
        .where(eq(discountCodes.id, id))
        .returning();
      // Stryker disable next-line ConditionalExpression: the row was read FOR UPDATE above in this transaction, so the update finds it
      if (!after) throw notFound();
      await audit(tx, actor, {
        action: 'discount.update',
        entity: 'discount_code',
        entityId: id,
        before: audited(before),
        after: audited(after),
      });
    }),
  );
  return discountCodeDetail(db, id);
}

/**
 * POST /api/admin/discounts/:id/pause and /activate: the code's status; a code already in that
 * status is answered as it is, with nothing to audit.
 */
export async function setDiscountStatus(
  db: Db,
  actor: Actor,
  id: string,
  status: DiscountStatus,
): Promise<DiscountCodeDto> {
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(discountCodes)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(discountCodes.id, id), ne(discountCodes.status, status)))
      .returning({ id: discountCodes.id });
    if (!changed) return;
    await audit(tx, actor, {
      action: status === 'paused' ? 'discount.pause' : 'discount.activate',
      entity: 'discount_code',
      entityId: id,
      before: { status: status === 'paused' ? 'active' : 'paused' },
      after: { status },
    });
  });
  return discountCodeDetail(db, id);
}
