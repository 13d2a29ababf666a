import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  discountCodes,
  discountUses,
  productCategorizations,
  type DiscountCodeRow,
} from '../../db/schema';
import { normalizeCode } from '../../../core/discounts/model';

/** A code as the shopper typed it, matched without regard to case or spaces around it. */
export async function findCode(db: Db, typed: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = ${normalizeCode(typed)}`);
  return row;
}

/** The browsing categories each product is listed in (as the menu names them). */
export async function categoriesOf(db: Db, productIds: string[]): Promise<Map<string, string[]>> {
  const byProduct = new Map<string, string[]>();
  const rows = await db
    .selectDistinct({
      productId: productCategorizations.productId,
      category: productCategorizations.category,
    })
    .from(productCategorizations)
    .where(inArray(productCategorizations.productId, [...new Set(productIds)]));
  for (const { productId, category } of rows) {
    const listed = byProduct.get(productId);
    byProduct.set(productId, listed ? [...listed, category] : [category]);
  }
  return byProduct;
}

/** Who uses a code: the signed-in account, and the order's email (either may be unknown yet). */
export interface DiscountCustomer {
  userId: string | null;
  email: string | null;
}

/** Whether this customer (same account, or same email in any case) has a use not given back. */
export async function usedBy(db: Db, codeId: string, customer: DiscountCustomer): Promise<boolean> {
  const email = customer.email?.trim().toLowerCase() || null;
  const same = [
    customer.userId ? eq(discountUses.userId, customer.userId) : undefined,
    email ? eq(discountUses.email, email) : undefined,
  ].filter((condition) => condition !== undefined);
  if (same.length === 0) return false;
  // Stryker disable ObjectLiteral: only whether a row is found is read, not its columns
  const [use] = await db
    .select({ id: discountUses.id })
    .from(discountUses)
    .where(and(eq(discountUses.codeId, codeId), isNull(discountUses.releasedAt), or(...same)))
    .limit(1);
  // Stryker restore ObjectLiteral
  return use !== undefined;
}
