import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productRatings, products, type RatingType } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { catalogueChanged } from '../catalogue';
import { RATING_MESSAGES, type RatingAnswer } from '../../../core/ratings/model';
import { isDigitalKind } from '../../../core/product/kind';

const column = { up: products.thumbsUp, down: products.thumbsDown } as const;

/**
 * A customer's thumb on a product: the first press stores it, the same thumb again withdraws it,
 * the other thumb switches it. The product's row is locked first, so concurrent presses on one
 * product queue, and its counts change in the same transaction as the customer's rating: they
 * always equal the stored ratings. Digital products are never rated.
 */
export async function rateProduct(
  db: Db,
  userId: string,
  productId: string,
  type: RatingType,
): Promise<RatingAnswer> {
  const answer = await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, kind: products.kind })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) throw new AppError('NOT_FOUND', RATING_MESSAGES.notFound);
    if (isDigitalKind(product)) throw new AppError('CONFLICT', RATING_MESSAGES.digital);

    const mine = and(eq(productRatings.userId, userId), eq(productRatings.productId, productId));
    const [current] = await tx.select().from(productRatings).where(mine);
    let rating: RatingType | null;
    const delta = { up: 0, down: 0 };
    if (!current) {
      await tx.insert(productRatings).values({ userId, productId, type });
      delta[type] = 1;
      rating = type;
    } else if (current.type === type) {
      await tx.delete(productRatings).where(mine);
      delta[type] = -1;
      rating = null;
    } else {
      await tx.update(productRatings).set({ type, updatedAt: new Date() }).where(mine);
      delta[type] = 1;
      delta[current.type] = -1;
      rating = type;
    }
    const [counts] = await tx
      .update(products)
      .set({
        thumbsUp: sql`${column.up} + ${delta.up}`,
        thumbsDown: sql`${column.down} + ${delta.down}`,
      })
      .where(eq(products.id, productId))
      .returning({ thumbsUp: products.thumbsUp, thumbsDown: products.thumbsDown });
    return { ...counts!, rating };
  });
  // The catalogue read model reads this product's counts back.
  await catalogueChanged(db, { productIds: [productId] });
  return answer;
}

/** The customer's own thumb on a product, or null. */
export async function ratingOf(db: Db, userId: string, productId: string) {
  const [row] = await db
    .select({ type: productRatings.type })
    .from(productRatings)
    .where(and(eq(productRatings.userId, userId), eq(productRatings.productId, productId)));
  return row?.type ?? null;
}
