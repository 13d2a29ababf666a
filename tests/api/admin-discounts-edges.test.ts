import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, discountCodes } from '../../api/db/schema';
import { DISCOUNT_ADMIN_MESSAGES, type DiscountCodeDto } from '../../core/discounts/model';
import { useApi } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

/**
 * Issue 42 point 6: the owner's discount codes at their edges (api/modules/discounts/admin), read
 * from the answers and the rows: an edit of a code that is not there, total uses set to exactly
 * the uses so far or to no limit, and what the audit log keeps of a pause and an activation.
 */
describe("the owner's discount codes at their edges", () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;
  const put = (path: string, body: unknown, token: string) =>
    api.post(path, body, { method: 'PUT', ...bearer(token) });
  const form = (code: string) => ({ code, kind: 'percent', value: 15 });
  const create = async (token: string, code: string) => {
    const created = await api.post('/admin/discounts', form(code), bearer(token));
    expect(created.status).toBe(201);
    return ((await created.json()) as { code: DiscountCodeDto }).code;
  };

  it('answers 404 to an edit of a code that does not exist, and writes nothing', async () => {
    const admin = await signedInAdmin(api);
    const before = await db().select().from(discountCodes);
    const missing = '00000000-0000-4000-8000-000000000000';
    // With a limit on uses, which is compared with the code's uses so far: there are none.
    const edited = await put(
      `/admin/discounts/${missing}`,
      { ...form('GHOST1'), maxUses: 5 },
      admin.token,
    );
    expect(edited.status).toBe(404);
    expect(await edited.json()).toMatchObject({ error: DISCOUNT_ADMIN_MESSAGES.notFound });
    expect(await db().select().from(discountCodes)).toEqual(before);
  });

  it('lets total uses be exactly the uses so far, or no limit again', async () => {
    const admin = await signedInAdmin(api);
    const code = await create(admin.token, 'USEDTWICE');
    await db().update(discountCodes).set({ usesCount: 2 }).where(eq(discountCodes.id, code._id));

    const exactly = await put(
      `/admin/discounts/${code._id}`,
      { ...form('USEDTWICE'), maxUses: 2 },
      admin.token,
    );
    expect(exactly.status, await exactly.clone().text()).toBe(200);
    expect(((await exactly.json()) as { code: DiscountCodeDto }).code.maxUses).toBe(2);

    const unlimited = await put(
      `/admin/discounts/${code._id}`,
      { ...form('USEDTWICE'), maxUses: null },
      admin.token,
    );
    expect(unlimited.status, await unlimited.clone().text()).toBe(200);
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, code._id));
    expect(row).toMatchObject({ maxUses: null, usesCount: 2 });
  });

  it("audits a pause and an activation with the code's status before and after", async () => {
    const admin = await signedInAdmin(api);
    const code = await create(admin.token, 'TOGGLED');
    await api.post(`/admin/discounts/${code._id}/pause`, {}, bearer(admin.token));
    await api.post(`/admin/discounts/${code._id}/activate`, {}, bearer(admin.token));
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'discount_code'), eq(auditLog.entityId, code._id)))
      .orderBy(auditLog.createdAt);
    expect(
      rows.map(({ action, entityId, actorEmail, before, after }) => ({
        action,
        entityId,
        actorEmail,
        before,
        after,
      })),
    ).toEqual([
      expect.objectContaining({ action: 'discount.create' }),
      {
        action: 'discount.pause',
        entityId: code._id,
        actorEmail: admin.email,
        before: { status: 'active' },
        after: { status: 'paused' },
      },
      {
        action: 'discount.activate',
        entityId: code._id,
        actorEmail: admin.email,
        before: { status: 'paused' },
        after: { status: 'active' },
      },
    ]);
  });
});
