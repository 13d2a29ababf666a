import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, products, productVariants, returnRequests } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { catalogueOf } from '../../api/modules/catalogue/change';
import { RESTOCK_MESSAGES } from '../../core/admin/return-restock';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, mugLine } from '../helpers/orders';
import { customerAccount, returnRequestFor, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

const MUG = seedProductId('cedar-ridge-mug');
const MUG_SKU = 'EG-MUG-CEDAR-GRN';
const ENAMEL = seedProductId('campfire-enamel-mug');

/**
 * Issue 25 point 4: marking a return received puts the units the owner chose back on sale, in the
 * database and in the catalogue read model at once, and the order's history says so.
 */
describe('a received return puts stock back (issue 25)', () => {
  const api: ApiHarness = useApi({ seed: true });
  const db = () => api.test.database.db;

  /** The stock as the database has it: the green mug's variant and the enamel mug. */
  async function stored() {
    const [variant] = await db()
      .select({ quantity: productVariants.quantity })
      .from(productVariants)
      .where(eq(productVariants.sku, MUG_SKU));
    const [enamel] = await db()
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, ENAMEL));
    return { mug: variant!.quantity, enamel: enamel!.quantity };
  }

  /** The same stock as the shop shows it: the read model, the product page's API and search. */
  async function shown() {
    const model = await catalogueOf(db());
    const variants = model.product(MUG).variants as { sku: string; quantity: number }[];
    const page = (await (await api.get(`/product/detail/${ENAMEL}`)).json()) as {
      quantity: number;
    };
    const search = (await (await api.get('/product/search?q=Campfire%20Enamel')).json()) as {
      products: { _id: string; quantity: number }[];
    };
    return {
      mug: variants.find((variant) => variant.sku === MUG_SKU)!.quantity,
      enamel: model.product(ENAMEL).quantity,
      enamelPage: page.quantity,
      enamelSearch: search.products.find((product) => product._id === ENAMEL)?.quantity,
    };
  }

  async function approvedReturn() {
    const admin = await signedInAdmin(api);
    const customer = await customerAccount(api);
    const found = await returnRequestFor(api, customer, [mugLine(2), enamelLine(3)]);
    const post = (path: string, body: unknown = {}) =>
      api.post(`/admin/returns/${found.requestId}/${path}`, body, bearer(admin.token));
    expect((await post('approve')).status).toBe(200);
    const line = (sku: string) => found.items.find((item) => item.sku === sku)!.id;
    return { ...found, admin, post, mugItem: line(MUG_SKU), enamelItem: line('EG-MUG-ENAMEL') };
  }

  const restockAudit = (orderId: string) =>
    db()
      .select({ actorEmail: auditLog.actorEmail, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'order'),
          eq(auditLog.entityId, orderId),
          eq(auditLog.action, 'order.restock'),
        ),
      )
      .orderBy(asc(auditLog.createdAt));

  it('restocks the chosen units of each line, shown at once by the page and search, recorded in the history', async () => {
    const found = await approvedReturn();
    const before = await stored();
    await shown(); // read once, so a stale model or cached answer would be what is served
    const received = await found.post('receive', {
      restock: [
        { orderItemId: found.mugItem, quantity: 1 },
        { orderItemId: found.enamelItem, quantity: 3 },
      ],
    });
    expect(received.status, await received.clone().text()).toBe(200);
    expect(await received.json()).toEqual({ id: found.requestId, status: 'received' });

    const after = await stored();
    expect(after).toEqual({ mug: before.mug + 1, enamel: before.enamel! + 3 });
    expect(await shown()).toEqual({
      mug: after.mug,
      enamel: after.enamel,
      enamelPage: after.enamel,
      enamelSearch: after.enamel,
    });

    const lines = [
      'Restocked 1 × Cedar Ridge Stoneware Mug (Forest Green)',
      'Restocked 3 × Campfire Enamel Mug',
    ];
    expect(await restockAudit(found.order.id)).toEqual([
      {
        actorEmail: found.admin.email,
        after: {
          returnId: found.requestId,
          restocked: [
            { orderItemId: found.mugItem, quantity: 1 },
            { orderItemId: found.enamelItem, quantity: 3 },
          ],
          lines,
        },
      },
    ]);
    const detail = (await (
      await api.get(`/admin/orders/${found.order.id}`, bearer(found.admin.token))
    ).json()) as { history: { action: string; after: { lines?: string[] } }[] };
    expect(detail.history.find((entry) => entry.action === 'order.restock')?.after.lines).toEqual(
      lines,
    );

    // A second "received" is refused and restocks nothing more.
    const again = await found.post('receive', {
      restock: [{ orderItemId: found.enamelItem, quantity: 3 }],
    });
    expect(again.status).toBe(409);
    expect(await stored()).toEqual(after);
    expect(await restockAudit(found.order.id)).toHaveLength(1);
  });

  it('puts nothing back for a damaged line (0 units) or an empty body, and writes no restock line', async () => {
    const found = await approvedReturn();
    const before = await stored();
    const received = await found.post('receive', {
      restock: [{ orderItemId: found.mugItem, quantity: 0 }],
    });
    expect(received.status, await received.clone().text()).toBe(200);
    expect(await stored()).toEqual(before);
    expect(await restockAudit(found.order.id)).toEqual([]);

    const other = await approvedReturn();
    const beforeOther = await stored();
    expect((await other.post('receive')).status).toBe(200);
    expect(await stored()).toEqual(beforeOther);
    expect(await restockAudit(other.order.id)).toEqual([]);
  });

  it('refuses more units than returned, or a line not in the return, writing nothing', async () => {
    const found = await approvedReturn();
    const stranger = await approvedReturn();
    const before = await stored();
    for (const [restock, message] of [
      [[{ orderItemId: found.mugItem, quantity: 3 }], RESTOCK_MESSAGES.units],
      [[{ orderItemId: stranger.mugItem, quantity: 1 }], RESTOCK_MESSAGES.lineNotReturned],
      [
        [
          { orderItemId: found.mugItem, quantity: 1 },
          { orderItemId: found.mugItem, quantity: 1 },
        ],
        RESTOCK_MESSAGES.lineNotReturned,
      ],
      [[{ orderItemId: found.mugItem, quantity: -1 }], RESTOCK_MESSAGES.units],
    ] as const) {
      const refused = await found.post('receive', { restock });
      expect(refused.status, JSON.stringify(restock)).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    const [request] = await db()
      .select({ status: returnRequests.status })
      .from(returnRequests)
      .where(eq(returnRequests.id, found.requestId));
    expect(request!.status).toBe('approved');
    expect(await stored()).toEqual(before);
    expect(await restockAudit(found.order.id)).toEqual([]);
  });
});
