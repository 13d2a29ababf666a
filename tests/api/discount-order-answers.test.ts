import { describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import {
  newOrderEmail,
  orderConfirmationEmail,
  shopDetails,
} from '../../api/modules/mail/templates';
import { signOrderLink } from '../../api/modules/orders/guest-link';
import type { HistoryOrder } from '../../core/orders/history-model';
import { ORDER_LINK_HEADER } from '../../core/orders/order-status';
import { useApi } from '../helpers/api';
import { enamelLine, mugLine } from '../helpers/orders';
import { customerAccount, signedInAdmin } from './admin-helpers';
import { authClient, bearer, logIn, PASSWORD } from './auth-helpers';
import { placeOrder } from './orders-history-helpers';
import { discountedOrder } from './support/discounted-order';

/**
 * Issue 42: an order's discount code in every answer about it (the customer's history, the guest
 * page, the back office's order and list) and in the order emails' totals.
 */
describe("an order's discount in every order answer", () => {
  const api = useApi({ seed: true });
  // 10 % of $48.00 + $19.00 = $6.70: the mugs take $4.80, the enamel mug $1.90.
  const lines = [mugLine(2), enamelLine(1)];
  const tenOff = { code: 'ANSWER10', percent: 10 };

  it("the customer's history shows the code, its amount and each line's share", async () => {
    const customer = await customerAccount(api);
    const { order } = await discountedOrder(api, lines, tenOff, {
      userId: customer.id,
      email: customer.email,
    });
    const session = await logIn(authClient(api), { email: customer.email, password: PASSWORD });
    const response = await api.get('/orders/orders', bearer(session.token));
    expect(response.status).toBe(200);
    const history = (await response.json()) as HistoryOrder[];
    const shown = history.find((entry) => entry._id === order.id)!;
    expect(shown.discount).toEqual({ code: 'ANSWER10', amount: 6.7 });
    expect(shown.items.map((item) => item.discount)).toEqual([4.8, 1.9]);
    expect(shown.subtotal).toBe(67);
    expect(shown.total).toBe((6700 - 670 + order.taxCents) / 100);
  });

  it('the guest page shows it; an order without a code shows none', async () => {
    const { order } = await discountedOrder(api, lines, tenOff);
    const link = signOrderLink(config().jwtSecret, order.id, new Date(Date.now() + 60_000));
    const response = await api.get('/orders/guest', { headers: { [ORDER_LINK_HEADER]: link } });
    expect(response.status).toBe(200);
    const { order: shown } = (await response.json()) as { order: HistoryOrder };
    expect(shown.discount).toEqual({ code: 'ANSWER10', amount: 6.7 });
    expect(shown.items.map((item) => item.discount)).toEqual([4.8, 1.9]);

    const plain = await placeOrder(api, lines);
    const plainLink = signOrderLink(config().jwtSecret, plain.id, new Date(Date.now() + 60_000));
    const plainAnswer = await api.get('/orders/guest', {
      headers: { [ORDER_LINK_HEADER]: plainLink },
    });
    const { order: plainShown } = (await plainAnswer.json()) as { order: HistoryOrder };
    expect(plainShown.discount).toBeNull();
    expect(plainShown.items.map((item) => item.discount)).toEqual([undefined, undefined]);
  });

  it("the back office's order and list carry the code and the amount", async () => {
    const admin = await signedInAdmin(api);
    const { order, items } = await discountedOrder(api, lines, tenOff);
    const detail = await api.get(`/admin/orders/${order.id}`, bearer(admin.token));
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as {
      order: { discount: unknown; discountCents: number };
      items: { discountCents: number }[];
    };
    expect(body.order.discount).toEqual({ code: 'ANSWER10', amount: 6.7 });
    expect(body.items.map((item) => item.discountCents)).toEqual([480, 190]);
    expect(items.map((item) => item.discountCents)).toEqual([480, 190]);
    const list = await api.get(`/admin/orders?q=${order.number}`, bearer(admin.token));
    const { orders } = (await list.json()) as {
      orders: { id: string; discountCode: string | null; discountCents: number }[];
    };
    expect(orders.find((row) => row.id === order.id)).toMatchObject({
      discountCode: 'ANSWER10',
      discountCents: 670,
    });
  });

  it('the confirmation and the shop\'s notice show "Discount (CODE) −$6.70" between subtotal and tax', async () => {
    const { order, items } = await discountedOrder(api, lines, tenOff);
    const data = { order, items, payments: [] };
    for (const email of [
      await orderConfirmationEmail(data, shopDetails()),
      await newOrderEmail(data, shopDetails()),
    ]) {
      const text = email.text.split(/\r?\n/).map((line) => line.trim());
      const subtotal = text.findIndex((line) => line.startsWith('Subtotal'));
      const discount = text.findIndex((line) => line.startsWith('Discount (ANSWER10)'));
      const tax = text.findIndex((line) => line.startsWith('Sales tax'));
      expect(text[discount]).toMatch(/\s−\$6\.70$/);
      expect(subtotal).toBeGreaterThan(-1);
      expect(discount).toBeGreaterThan(subtotal);
      expect(tax).toBeGreaterThan(discount);
      expect(email.html).toContain('Discount (ANSWER10)');
      expect(email.html).toContain('−$6.70');
    }
    const plain = await orderConfirmationEmail(
      { order: { ...order, discountCode: null, discountCents: 0 }, items, payments: [] },
      shopDetails(),
    );
    expect(plain.text).not.toContain('Discount');
  });
});
