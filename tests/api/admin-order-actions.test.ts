import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders } from '../../api/db/schema';
import { REFUSED_FOR_KIND } from '../../api/modules/orders/admin/order-actions';
import { ADMIN_MESSAGES } from '../../core/admin/model';
import { allowedActions } from '../../core/orders/lifecycle';
import { useApi, type ApiHarness } from '../helpers/api';
import { paidOrder, signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/*
 * Issue 35 point 5: the back office's order answer carries the actions the lifecycle table allows
 * for the order's state and kind, and the server refuses (409) one the table does not allow,
 * changing nothing.
 */

const db = (api: ApiHarness) => api.test.database.db;

const answerOf = async (api: ApiHarness, token: string, id: string) => {
  const response = await api.get(`/admin/orders/${id}`, bearer(token));
  expect(response.status).toBe(200);
  return (await response.json()) as { kind: string; actions: string[] };
};

describe("the back office's order actions (issue 35 point 5)", () => {
  const api: ApiHarness = useApi({ seed: true });

  it('an order of parcels waiting to ship offers ship, cancel and refund; shipped, deliver and refund', async () => {
    const admin = await signedInAdmin(api);
    const id = await paidOrder(api);
    const waiting = await answerOf(api, admin.token, id);
    expect(waiting.kind).toBe('parcels');
    expect(waiting.actions).toEqual([...allowedActions('unfulfilled', 'parcels')]);
    expect(waiting.actions).toEqual(expect.arrayContaining(['ship', 'shop_cancel', 'refund']));

    const shipped = await api.post(
      `/admin/orders/${id}/ship`,
      { carrier: 'USPS', trackingNumber: '9400 1118 9922 3100 0000 00' },
      bearer(admin.token),
    );
    expect(shipped.status, await shipped.clone().text()).toBe(200);
    const after = await answerOf(api, admin.token, id);
    expect(after.actions).toEqual([...allowedActions('shipped', 'parcels')]);
    expect(after.actions).not.toContain('ship');
    expect(after.actions).not.toContain('shop_cancel');

    // The table has no cancel for a shipped order: refused before anything moves.
    const cancel = await api.post(
      `/admin/orders/${id}/cancel`,
      { reason: 'out_of_stock' },
      bearer(admin.token),
    );
    expect(cancel.status).toBe(409);
    expect(((await cancel.json()) as { error: string }).error).toBe(ADMIN_MESSAGES.notUnfulfilled);
    const [row] = await db(api).select().from(orders).where(eq(orders.id, id));
    expect(row!.shippingStatus).toBe('shipped');
  });

  it('a gift-card order offers no ship or deliver, and the server refuses to ship it', async () => {
    const admin = await signedInAdmin(api);
    const id = await paidOrder(api);
    // Its one line is a gift card (what the line is comes from its kind).
    await db(api).update(orderItems).set({ kind: 'gift_card' }).where(eq(orderItems.orderId, id));
    const answer = await answerOf(api, admin.token, id);
    expect(answer.kind).toBe('gift_cards_only');
    expect(answer.actions).toEqual([...allowedActions('unfulfilled', 'gift_cards_only')]);
    expect(answer.actions).not.toContain('ship');

    const shipped = await api.post(
      `/admin/orders/${id}/ship`,
      { carrier: 'USPS', trackingNumber: '9400 1118 9922 3100 0000 01' },
      bearer(admin.token),
    );
    expect(shipped.status).toBe(409);
    expect(((await shipped.json()) as { error: string }).error).toBe(REFUSED_FOR_KIND.ship);
    const [row] = await db(api).select().from(orders).where(eq(orders.id, id));
    expect(row!.shippingStatus).toBe('unfulfilled');
    expect(row!.carrier).toBeNull();
    const audited = await db(api)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.ship')));
    expect(audited).toEqual([]);

    const delivered = await api.post(`/admin/orders/${id}/deliver`, {}, bearer(admin.token));
    expect(delivered.status).toBe(409);
  });

  it('an unknown order is 404, whatever the action', async () => {
    const admin = await signedInAdmin(api);
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await api.post(`/admin/orders/${missing}/deliver`, {}, bearer(admin.token));
    expect(response.status).toBe(404);
  });
});
