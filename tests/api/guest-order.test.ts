import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { orderItems, orders, outbox, returnRequests } from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { afterAnswersSettled } from '../../api/modules/auth/links';
import { markDelivered, markShipped } from '../../api/modules/orders/fulfilment';
import { orderStatusUrl, readOrderLink, signOrderLink } from '../../api/modules/orders/guest-link';
import { HISTORY_MESSAGES, type HistoryOrder } from '../../core/orders/history-model';
import { ORDER_LINK_HEADER, ORDER_STATUS_TEXT } from '../../core/orders/order-status';
import { RETURN_EXCLUSIONS } from '../../core/orders/returns';
import { useApi, type ApiHarness } from '../helpers/api';
import { confirm, GUEST, guestOrder, mugLine, photoLine, sandboxToken } from '../helpers/orders';
import { lastMail } from './auth-helpers';
import { refundProbeSandbox, type RefundProbe } from './orders-history-helpers';

/** issue 24 point 2: a guest finds their order again through its signed link. */

const probe: RefundProbe = { refunds: [], failNext: 0 };
let placed = 0;

describe("a guest's order through its signed link", () => {
  const api: ApiHarness = useApi({
    seed: true,
    dependencies: () => refundProbeSandbox(api, probe),
  });
  const db = () => api.test.database.db;

  /** A paid guest order; its answer's signed link and the receipt's. */
  async function guestPays(lines = [mugLine(1)]) {
    placed += 1;
    const email = `guest.${placed}.${Date.now().toString(36)}@example.com`;
    const token = (await sandboxToken(api)).token;
    const response = await confirm(
      api,
      await guestOrder(api, lines, token, undefined, { ...GUEST, email }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      orderId: string;
      order: { orderNumber: number; statusUrl: string };
    };
    const receipt = await lastMail(api, email, 'order.confirmed');
    const link = receipt!.text.match(/https?:\/\/\S+\/orderstatus\?t=[\w.-]+/)?.[0];
    return {
      id: body.orderId,
      number: body.order.orderNumber,
      email,
      answerUrl: body.order.statusUrl,
      link,
    };
  }

  const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;
  const withLink = (token: string) => ({ headers: { [ORDER_LINK_HEADER]: token } });
  const open = (token: string) => api.get('/orders/guest', withLink(token));

  it('the receipt and the confirmation carry one signed link that opens that order only', async () => {
    const order = await guestPays();
    expect(order.link).toBeDefined();
    expect(order.answerUrl).toBe(order.link);
    const response = await open(tokenOf(order.link!));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const body = (await response.json()) as { order: HistoryOrder };
    expect(body.order).toMatchObject({ _id: order.id, orderNumber: order.number, canCancel: true });

    // No link, an altered one, one signed with another secret or one past its time: refused.
    const token = tokenOf(order.link!);
    expect((await api.get('/orders/guest')).status).toBe(401);
    const [id, expires, signature] = token.split('.');
    const tampered = `${id}.${Number(expires) + 86_400}.${signature}`;
    expect((await open(tampered)).status).toBe(401);
    const forged = signOrderLink(
      'another secret, 32 characters long!',
      order.id,
      new Date(Date.now() + 1e9),
    );
    expect((await open(forged)).status).toBe(401);
    const expired = signOrderLink(config().jwtSecret, order.id, new Date(Date.now() - 1000));
    expect((await open(expired)).status).toBe(401);
    expect((await (await open(expired)).json()).error).toBe(ORDER_STATUS_TEXT.linkInvalid);
    // The link does not sign anyone in.
    expect((await api.get('/orders/orders', withLink(token))).status).toBe(401);
  });

  it('a link works for the retention period from the order, and not after; an anonymised order is closed', async () => {
    const createdAt = new Date('2026-01-10T12:00:00Z');
    const id = '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';
    const settings = { secret: 'a test secret of at least thirty-two chars', retentionDays: 730 };
    const url = orderStatusUrl({ siteUrl: 'https://shop.example' }, { id, createdAt }, settings);
    expect(url).toMatch(/^https:\/\/shop\.example\/orderstatus\?t=/);
    const token = tokenOf(url);
    const day = 24 * 3600 * 1000;
    const end = createdAt.getTime() + 730 * day;
    expect(readOrderLink(token, new Date(end - 60_000), settings.secret)).toBe(id);
    expect(readOrderLink(token, new Date(end + 1000), settings.secret)).toBeUndefined();
    expect(readOrderLink(token, new Date(end - 60_000), config().jwtSecret)).toBeUndefined();

    const order = await guestPays();
    await db().update(orders).set({ email: '' }).where(eq(orders.id, order.id));
    expect((await open(tokenOf(order.link!))).status).toBe(404);
  });

  it("one order's link refuses another order's id and changes nothing of it", async () => {
    const mine = await guestPays();
    const theirs = await guestPays();
    const token = tokenOf(mine.link!);
    const cancel = await api.post('/orders/guest/cancel', { id: theirs.id }, withLink(token));
    expect(cancel.status).toBe(404);
    const issue = await api.post(
      '/orders/guest/issue',
      { id: theirs.id, message: 'Where is it?' },
      withLink(token),
    );
    expect(issue.status).toBe(404);
    const [row] = await db().select().from(orders).where(eq(orders.id, theirs.id));
    expect(row!.shippingStatus).toBe('unfulfilled');

    // Its own order it may cancel, as a signed-in customer would: refunded, emailed.
    const own = await api.post('/orders/guest/cancel', { id: mine.id }, withLink(token));
    expect(own.status).toBe(200);
    expect((await own.json()).order).toMatchObject({ shippingStatus: 'canceled' });
    expect(await lastMail(api, mine.email, 'order.canceled')).toBeDefined();
  });

  it('lists the downloads of a digital order and makes a fresh link with the signed link only', async () => {
    const order = await guestPays([photoLine()]);
    const token = tokenOf(order.link!);
    const body = (await (await open(token)).json()) as { downloads: { itemId: string }[] };
    expect(body.downloads).toHaveLength(1);
    const fresh = await api.post(
      '/orders/guest/download',
      { orderId: order.id, itemId: body.downloads[0]!.itemId },
      withLink(token),
    );
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).link.url).toMatch(/\/api\/downloads\//);
    const other = await guestPays();
    const refused = await api.post(
      '/orders/guest/download',
      { orderId: order.id, itemId: body.downloads[0]!.itemId },
      withLink(tokenOf(other.link!)),
    );
    expect(refused.status).toBe(404);
  });

  it('the order-status form answers the same for any order, and emails the link only on a match', async () => {
    const order = await guestPays();
    const ask = (orderNumber: number, email: string, ip = '203.0.113.7') =>
      api.post(
        '/orders/status-link',
        { orderNumber, email },
        { headers: { [CLIENT_IP_HEADER]: ip } },
      );
    const matching = await ask(order.number, order.email.toUpperCase());
    const unknown = await ask(order.number + 999, 'nobody@example.com');
    const wrongEmail = await ask(order.number, 'someone.else@example.com');
    for (const response of [matching, unknown, wrongEmail]) expect(response.status).toBe(202);
    const answers = await Promise.all([matching, unknown, wrongEmail].map((r) => r.json()));
    expect(answers).toEqual([0, 1, 2].map(() => ({ message: ORDER_STATUS_TEXT.requested })));

    await afterAnswersSettled();
    const sent = await db().select().from(outbox).where(eq(outbox.kind, 'order.status-link'));
    expect(sent.map((mail) => mail.to)).toEqual([order.email]);
    const link = sent[0]!.text.match(/\/orderstatus\?t=([\w.-]+)/)?.[1];
    expect((await open(link!)).status).toBe(200);
  });

  it('the order-status form is throttled per email and per address (429)', async () => {
    const ask = (email: string, ip: string) =>
      api.post(
        '/orders/status-link',
        { orderNumber: 1, email },
        { headers: { [CLIENT_IP_HEADER]: ip } },
      );
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      statuses.push((await ask('same@example.com', `198.51.100.${round + 1}`)).status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const fromOne: number[] = [];
    for (let round = 0; round < 11; round += 1) {
      fromOne.push((await ask(`n${round}@example.com`, '192.0.2.50')).status);
    }
    expect(fromOne.slice(0, 10).every((status) => status === 202)).toBe(true);
    const last = await ask('n99@example.com', '192.0.2.50');
    expect(last.status).toBe(429);
    expect((await last.json()).error).toBe(ORDER_STATUS_TEXT.tooMany);
  });

  it('returns with a reason, exclusions said, acknowledged by email; a declined return is not offered again', async () => {
    const order = await guestPays([mugLine(1), photoLine()]);
    const [mug] = await db()
      .update(orderItems)
      .set({ unitPriceCents: 4500 })
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.sku, 'EG-MUG-CEDAR-GRN')))
      .returning();
    await markShipped(db(), { orderId: order.id, carrier: 'UPS', trackingNumber: '1Z 999 AA1' });
    const token = tokenOf(order.link!);

    const shipped = ((await (await open(token)).json()) as { order: HistoryOrder }).order;
    expect(shipped.trackingUrl).toBe('https://www.ups.com/track?tracknum=1Z999AA1');
    const report = await api.post(
      '/orders/guest/issue',
      { id: order.id, message: 'The box was crushed.' },
      withLink(token),
    );
    expect(report.status).toBe(201);
    expect((await report.json()).message).toBe(HISTORY_MESSAGES.issueReceived);
    const reportAck = await lastMail(api, order.email, 'order.issue-received');
    expect(reportAck!.subject).toBe(`We have your report on order ${order.number}`);
    expect(reportAck!.text).toContain('The box was crushed.');

    await markDelivered(db(), order.id);
    const delivered = ((await (await open(token)).json()) as { order: HistoryOrder }).order;
    const photo = delivered.items.find((item) => item.itemId !== mug!.id)!;
    expect(photo).toMatchObject({ returnable: false, excludedReason: RETURN_EXCLUSIONS.digital });
    expect(delivered.items.find((item) => item.itemId === mug!.id)).toMatchObject({
      returnable: true,
      excludedReason: null,
    });
    const badReason = await api.post(
      '/orders/guest/return',
      { id: order.id, reason: 'because', items: [mug!.id] },
      withLink(token),
    );
    expect(badReason.status).toBe(400);
    const otherWithoutText = await api.post(
      '/orders/guest/return',
      { id: order.id, reason: 'other', items: [mug!.id] },
      withLink(token),
    );
    expect((await otherWithoutText.json()).error).toBe(HISTORY_MESSAGES.messageRequired);
    const digital = await api.post(
      '/orders/guest/return',
      { id: order.id, reason: 'doesnt_fit', items: [photo.itemId] },
      withLink(token),
    );
    expect(digital.status).toBe(400);

    const started = await api.post(
      '/orders/guest/return',
      { id: order.id, reason: 'damaged', items: [mug!.id] },
      withLink(token),
    );
    expect(started.status).toBe(201);
    expect((await started.json()).message).toBe(HISTORY_MESSAGES.returnReceived);
    const [request] = await db()
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id));
    expect(request).toMatchObject({ reason: 'damaged', userId: null, status: 'requested' });
    const ack = await lastMail(api, order.email, 'order.return-received');
    expect(ack!.subject).toBe(`We have your return request on order ${order.number}`);
    expect(ack!.text).toContain('Damaged');
    expect(ack!.text).toContain('1 × Cedar Ridge Stoneware Mug (Forest Green)');
    const toShop = await lastMail(api, config().mail.shopEmail, 'order.return');
    expect(toShop!.replyTo).toBe(order.email);

    // The shop declines it (the back office stores its reason): said, and not offered again.
    await db()
      .update(returnRequests)
      .set({ status: 'declined', declineReason: 'The mug shows signs of use.' })
      .where(eq(returnRequests.id, request!.id));
    const declined = ((await (await open(token)).json()) as { order: HistoryOrder }).order;
    expect(declined.returnRequests).toMatchObject([
      { status: 'declined', declineReason: 'The mug shows signs of use.' },
    ]);
    expect(declined.items.find((item) => item.itemId === mug!.id)).toMatchObject({
      returnable: false,
      excludedReason: RETURN_EXCLUSIONS.declined,
    });
    expect(declined.canStartReturn).toBe(false);
    const again = await api.post(
      '/orders/guest/return',
      { id: order.id, reason: 'damaged', items: [mug!.id] },
      withLink(token),
    );
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe(HISTORY_MESSAGES.itemNotReturnable);
  });
});
