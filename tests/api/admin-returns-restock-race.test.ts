import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { catalogueOf } from '../../api/modules/catalogue/change';
import { RETURN_MESSAGES } from '../../core/admin/model';
import { useApi } from '../helpers/api';
import { enamelLine } from '../helpers/orders';
import { customerAccount, returnRequestFor, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

const ENAMEL = seedProductId('campfire-enamel-mug');

/**
 * Issue 25 point 4: two "received" for one return at once (two tabs, two owners) put its units
 * back once. Run it on PostgreSQL (DATABASE_URL=postgres://…) to race for real.
 */
describe('concurrent "received" on one return', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;
  const stock = async () =>
    (
      await db()
        .select({ quantity: products.quantity })
        .from(products)
        .where(eq(products.id, ENAMEL))
    )[0]!.quantity!;

  it('four at once: one 200, three 409, the units back once in the database and the read model', async () => {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const { requestId, items } = await returnRequestFor(api, customer, [enamelLine(2)]);
    const approve = await api.post(`/admin/returns/${requestId}/approve`, {}, bearer(admin.token));
    expect(approve.status).toBe(200);
    const before = await stock();

    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.post(
          `/admin/returns/${requestId}/receive`,
          { restock: [{ orderItemId: items[0]!.id, quantity: 2 }] },
          bearer(admin.token),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(((await answer.json()) as { error: string }).error).toBe(RETURN_MESSAGES.notApproved);
    }
    expect(await stock()).toBe(before + 2);
    expect((await catalogueOf(db())).product(ENAMEL).quantity).toBe(before + 2);
  });
});
