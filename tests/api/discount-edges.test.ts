import { describe, expect, it } from 'vitest';
import { useApi, type ApiHarness } from '../helpers/api';
import { enamelLine, mugLine, photoLine } from '../helpers/orders';
import { insertCode, orderWithCode, quoteWith } from './discount-helpers';
import { freshEmail } from './order-close-helpers';

/**
 * Issue 42 point 6: a discount code's checks (api/modules/discounts) at their edges, read from
 * the quote's and the order's answers: a once-per-customer code quoted before the guest has
 * given an email, a category's code on a product listed in several, and a code for everyone
 * used twice by one email.
 */
describe('a discount code at its edges', () => {
  const api: ApiHarness = useApi({ seed: true });
  const db = () => api.test.database.db;

  it('quotes a once-per-customer code to a guest who has not given an email yet, though others used it', async () => {
    const code = await insertCode(db(), { oncePerCustomer: true });
    const placed = await (await orderWithCode(api, [enamelLine(1)], code.code)).send();
    expect(placed.status).toBe(201);
    // No account and no email: nobody to match a use against, so the code applies (the order,
    // which always has an email, checks it again).
    const quote = await quoteWith(api, [enamelLine(1)], code.code);
    expect(quote.status, await quote.clone().text()).toBe(200);
    expect(await quote.json()).toMatchObject({ discount: { code: code.code, amount: 1.9 } });
    // An email of spaces is no email either; another email has no use of it.
    const same = await quoteWith(api, [enamelLine(1)], code.code, { email: '   ' });
    expect(same.status).toBe(200);
    const other = await quoteWith(api, [enamelLine(1)], code.code, {
      email: freshEmail('not-yet'),
    });
    expect(other.status).toBe(200);
  });

  it("applies a category's code to a product listed in that category among others", async () => {
    // The Cedar Ridge mug is listed under Home and under Gift Collection: either code takes 10 %
    // of its line, two mugs at $24.00.
    for (const category of ['Home', 'Gift Collection']) {
      const code = await insertCode(db(), { categories: [category] });
      const quote = await quoteWith(api, [mugLine(2), photoLine()], code.code);
      expect(quote.status, await quote.clone().text()).toBe(200);
      const figures = (await quote.json()) as {
        discount: unknown;
        items: { discount?: number }[];
      };
      expect(figures.discount).toEqual({ code: code.code, amount: 4.8 });
      expect(figures.items.map((item) => item.discount)).toEqual([4.8, undefined]);
    }
  });

  it('lets the same email use a code again when the code is not once per customer', async () => {
    const code = await insertCode(db(), { oncePerCustomer: false });
    const email = freshEmail('again');
    const first = await (await orderWithCode(api, [enamelLine(1)], code.code, email)).send();
    expect(first.status).toBe(201);
    const quote = await quoteWith(api, [enamelLine(1)], code.code, { email });
    expect(quote.status, await quote.clone().text()).toBe(200);
    const second = await (await orderWithCode(api, [enamelLine(1)], code.code, email)).send();
    expect(second.status, await second.clone().text()).toBe(201);
  });
});
