import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, discountCodes } from '../../api/db/schema';
import { DISCOUNT_ADMIN_MESSAGES, type DiscountCodeDto } from '../../core/discounts/model';
import { useApi } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { authClient, bearer, logIn, registerVerified } from './auth-helpers';

/** Issue 42: the owner's discount codes, each change audited in its transaction. */
describe('the back office makes, edits, pauses and activates discount codes', () => {
  const api = useApi({ seed: true });
  const db = () => api.test.database.db;
  const auditOf = (entityId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'discount_code'), eq(auditLog.entityId, entityId)))
      .orderBy(auditLog.createdAt);
  const put = (path: string, body: unknown, token: string) =>
    api.post(path, body, { method: 'PUT', ...bearer(token) });
  const winter = {
    code: 'winter10',
    kind: 'percent',
    value: 10,
    categories: ['Home'],
    oncePerCustomer: true,
  };

  it('creates a code (upper case, percent kept as is), lists it with no uses, and audits it', async () => {
    const admin = await signedInAdmin(api);
    const created = await api.post('/admin/discounts', winter, bearer(admin.token));
    expect(created.status, await created.clone().text()).toBe(201);
    const { code } = (await created.json()) as { code: DiscountCodeDto };
    expect(code).toMatchObject({
      code: 'WINTER10',
      kind: 'percent',
      value: 10,
      minSubtotal: 0,
      categories: ['Home'],
      productIds: [],
      startsOn: null,
      endsOn: null,
      maxUses: null,
      oncePerCustomer: true,
      status: 'active',
      uses: 0,
      given: 0,
    });
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, code._id));
    expect(row).toMatchObject({ code: 'WINTER10', value: 10, usesCount: 0 });

    const listed = await api.get('/admin/discounts', bearer(admin.token));
    expect(listed.status).toBe(200);
    const { codes } = (await listed.json()) as { codes: DiscountCodeDto[] };
    expect(codes.find((listedCode) => listedCode._id === code._id)).toEqual(code);

    const rows = await auditOf(code._id);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'discount.create',
        actorEmail: admin.email,
        before: null,
        after: expect.objectContaining({ code: 'WINTER10', kind: 'percent', value: 10 }),
      }),
    ]);
  });

  it('keeps a fixed amount in cents and edits a code with an audit row of before and after', async () => {
    const admin = await signedInAdmin(api);
    const fixed = { code: 'FIVEOFF', kind: 'fixed', value: 5.5, minSubtotal: 30 };
    const created = await api.post('/admin/discounts', fixed, bearer(admin.token));
    expect(created.status).toBe(201);
    const { code } = (await created.json()) as { code: DiscountCodeDto };
    expect(code).toMatchObject({ value: 5.5, minSubtotal: 30 });
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, code._id));
    expect(row).toMatchObject({ value: 550, minSubtotalCents: 3000 });

    const edit = { ...fixed, value: 7.25, maxUses: 50, endsOn: '2031-01-31' };
    const edited = await put(`/admin/discounts/${code._id}`, edit, admin.token);
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(((await edited.json()) as { code: DiscountCodeDto }).code).toMatchObject({
      value: 7.25,
      maxUses: 50,
      endsOn: '2031-01-31',
    });
    const [after] = await db().select().from(discountCodes).where(eq(discountCodes.id, code._id));
    expect(after).toMatchObject({ value: 725, maxUses: 50 });
    const update = (await auditOf(code._id)).find((entry) => entry.action === 'discount.update');
    expect(update).toMatchObject({
      before: expect.objectContaining({ value: 550, maxUses: null }),
      after: expect.objectContaining({ value: 725, maxUses: 50 }),
    });
  });

  it('refuses a taken code, in any case, with 409 on create and on edit; writes nothing', async () => {
    const admin = await signedInAdmin(api);
    const first = await api.post(
      '/admin/discounts',
      { ...winter, code: 'TAKEN1' },
      bearer(admin.token),
    );
    expect(first.status).toBe(201);
    const again = await api.post(
      '/admin/discounts',
      { ...winter, code: 'taken1' },
      bearer(admin.token),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: DISCOUNT_ADMIN_MESSAGES.codeTaken,
      fields: { code: DISCOUNT_ADMIN_MESSAGES.codeTaken },
    });
    const other = await api.post(
      '/admin/discounts',
      { ...winter, code: 'OTHER1' },
      bearer(admin.token),
    );
    const { code } = (await other.json()) as { code: DiscountCodeDto };
    const renamed = await put(
      `/admin/discounts/${code._id}`,
      { ...winter, code: 'Taken1' },
      admin.token,
    );
    expect(renamed.status).toBe(409);
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, code._id));
    expect(row?.code).toBe('OTHER1');
    expect((await auditOf(code._id)).map((entry) => entry.action)).toEqual(['discount.create']);
  });

  it('refuses a form the schema refuses (a percentage over 100) with its sentence', async () => {
    const admin = await signedInAdmin(api);
    const response = await api.post(
      '/admin/discounts',
      { ...winter, code: 'TOOMUCH', value: 120 },
      bearer(admin.token),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(body.fields.value).toBe(DISCOUNT_ADMIN_MESSAGES.percentRange);
    expect(
      await db().select().from(discountCodes).where(eq(discountCodes.code, 'TOOMUCH')),
    ).toEqual([]);
  });

  it('refuses total uses below the uses so far', async () => {
    const admin = await signedInAdmin(api);
    const created = await api.post(
      '/admin/discounts',
      { ...winter, code: 'USED3' },
      bearer(admin.token),
    );
    const { code } = (await created.json()) as { code: DiscountCodeDto };
    await db().update(discountCodes).set({ usesCount: 3 }).where(eq(discountCodes.id, code._id));
    const edited = await put(
      `/admin/discounts/${code._id}`,
      { ...winter, code: 'USED3', maxUses: 2 },
      admin.token,
    );
    expect(edited.status).toBe(400);
    expect(await edited.json()).toMatchObject({
      fields: { maxUses: DISCOUNT_ADMIN_MESSAGES.usesBelowCount(3) },
    });
  });

  it('pauses and activates a code, audited once per change; an unknown code is 404', async () => {
    const admin = await signedInAdmin(api);
    const created = await api.post(
      '/admin/discounts',
      { ...winter, code: 'PAUSEME' },
      bearer(admin.token),
    );
    const { code } = (await created.json()) as { code: DiscountCodeDto };
    const pause = () => api.post(`/admin/discounts/${code._id}/pause`, {}, bearer(admin.token));
    const paused = await pause();
    expect(paused.status).toBe(200);
    expect(((await paused.json()) as { code: DiscountCodeDto }).code.status).toBe('paused');
    expect((await pause()).status).toBe(200);
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, code._id));
    expect(row?.status).toBe('paused');
    const activated = await api.post(
      `/admin/discounts/${code._id}/activate`,
      {},
      bearer(admin.token),
    );
    expect(((await activated.json()) as { code: DiscountCodeDto }).code.status).toBe('active');
    expect((await auditOf(code._id)).map((entry) => entry.action)).toEqual([
      'discount.create',
      'discount.pause',
      'discount.activate',
    ]);
    const unknown = await api.post(
      '/admin/discounts/00000000-0000-4000-8000-000000000000/pause',
      {},
      bearer(admin.token),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: DISCOUNT_ADMIN_MESSAGES.notFound });
  });

  it('refuses every discount route to a stranger (401) and a customer (403), changing nothing', async () => {
    const client = authClient(api);
    const customer = await logIn(client, await registerVerified(client, api));
    const before = await db().select().from(discountCodes);
    const [some] = before;
    const calls = [
      (init?: RequestInit) => api.get('/admin/discounts', init),
      (init?: RequestInit) => api.post('/admin/discounts', { ...winter, code: 'SNEAKY' }, init),
      (init?: RequestInit) =>
        api.post(
          `/admin/discounts/${some!.id}`,
          { ...winter, code: 'SNEAKY' },
          { ...init, method: 'PUT' },
        ),
      (init?: RequestInit) => api.post(`/admin/discounts/${some!.id}/pause`, {}, init),
      (init?: RequestInit) => api.post(`/admin/discounts/${some!.id}/activate`, {}, init),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      expect((await call(bearer(customer.token))).status).toBe(403);
    }
    expect(await db().select().from(discountCodes)).toEqual(before);
  });
});
