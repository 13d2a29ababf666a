import { describe, expect, it } from 'vitest';
import {
  contactMessageEmail,
  formatCents,
  formatRate,
  newOrderEmail,
  orderConfirmationEmail,
  type OrderEmailData,
} from '../../api/modules/mail/templates';
import { CEDAR_MUGS, SAMPLE_SHOP, sampleOrderEmail } from '../helpers/mail-samples';
import { orderDeliveredEmail } from '../../api/modules/orders/admin/emails';

const shop = SAMPLE_SHOP;

/** $19.99 × 3 and $24.00 × 2 = $107.97; Seattle tax 10.35 % = $11.17 (11.175… rounds down). */
const order = sampleOrderEmail([
  {
    title: 'Campfire Enamel Mug',
    variantTitle: null,
    sku: 'EG-MUG-ENAMEL',
    quantity: 3,
    unitPriceCents: 1999,
  },
  CEDAR_MUGS,
]);

const withItem = (title: string): OrderEmailData => ({
  ...order,
  items: [{ ...order.items[0]!, title }],
});

/** The text part's lines that mention `needle`. */
const linesWith = (text: string, needle: string) =>
  text.split(/\r?\n/).filter((line) => line.includes(needle));

describe('money and rates in emails', () => {
  it('formats integer cents with integer arithmetic', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(1999 * 3)).toBe('$59.97');
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(-250)).toBe('-$2.50');
  });

  it('refuses a float dollar amount instead of guessing at it', () => {
    expect(() => formatCents(19.99)).toThrow(TypeError);
    expect(() => formatCents(0.1 + 0.2)).toThrow(TypeError);
  });

  it('shows a rate as a percentage without float noise', () => {
    expect(formatRate(0.1035)).toBe('10.35%');
    expect(formatRate(0.065)).toBe('6.5%');
    expect(formatRate(0.089)).toBe('8.9%');
    expect(formatRate(0)).toBe('0%');
  });
});

describe('the order emails', () => {
  it('read as a gift card order when it bought gift cards only: no parcel, tax rate or returns (issue 39)', async () => {
    const card = {
      title: 'Evergreen Gift Card',
      variantTitle: 'Custom amount',
      sku: 'EG-GIFTCARD-CUSTOM',
      quantity: 1,
      unitPriceCents: 3500,
      kind: 'gift_card' as const,
    };
    const data = sampleOrderEmail([card]);
    const mail = await orderConfirmationEmail(
      { ...data, order: { ...data.order, shippingAddress: null, taxCents: 0, totalCents: 3500 } },
      shop,
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('1 × Evergreen Gift Card, $35.00');
      expect(part).toContain('each gift card is emailed to its recipient on the day you chose');
      expect(part).not.toContain('Sales tax (');
      expect(part).not.toContain('Shipping is included');
      expect(part).not.toContain('parcel');
      expect(part).not.toContain('Returns are accepted');
    }
  });

  it('list the order number, the items, the totals and the address, in text and HTML', async () => {
    const mail = await orderConfirmationEmail(order, shop);
    expect(mail.subject).toBe('Your Evergreen order 1042 is confirmed');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Order number: 1042');
      expect(part).toContain('3 × Campfire Enamel Mug');
      expect(part).toContain('2 × Cedar Ridge Stoneware Mug (Forest Green)');
      expect(part).toContain('$19.99 each');
      expect(part).toContain('$59.97');
      expect(part).toContain('$48.00');
      expect(part).toContain('$107.97');
      expect(part).toContain('Sales tax (10.35%)');
      expect(part).toContain('$11.17');
      expect(part).toContain('$119.14');
      expect(part).toContain('400 Pine St');
      expect(part).toContain('Seattle, WA 98101');
      expect(part).toContain('Visa ending in 4242 — $119.14');
    }
  });

  it('name each instrument that paid and its amount, and no card when a gift card paid it all', async () => {
    const split = await orderConfirmationEmail(
      {
        ...order,
        payments: [
          { method: 'gift_card', brand: null, last4: '5R64', amountCents: 10000 },
          { method: 'sandbox', brand: 'visa', last4: '4242', amountCents: 1914 },
        ],
      },
      shop,
    );
    for (const part of [split.text, split.html]) {
      expect(part).toContain('Gift card ending in 5R64 — $100.00');
      expect(part).toContain('Visa ending in 4242 — $19.14');
    }
    const giftCardOnly = await orderConfirmationEmail(
      {
        ...order,
        payments: [{ method: 'gift_card', brand: null, last4: '5R64', amountCents: 11914 }],
      },
      shop,
    );
    expect(giftCardOnly.text).toContain('Gift card ending in 5R64 — $119.14');
    expect(giftCardOnly.text).not.toMatch(/Card ending in|Visa/);
  });

  it('put each figure on the line of its label in the text part', async () => {
    const { text } = await orderConfirmationEmail(order, shop);
    expect(linesWith(text, '3 × Campfire Enamel Mug')[0]).toMatch(/\$59\.97$/);
    expect(linesWith(text, 'Subtotal')[0]).toMatch(/\$107\.97$/);
    expect(linesWith(text, 'Sales tax (10.35%)')[0]).toMatch(/\$11\.17$/);
    expect(linesWith(text, 'Total')[1] ?? linesWith(text, 'Total')[0]).toMatch(/\$119\.14$/);
  });

  it('show the amounts the order holds, whatever they are, never recomputing them', async () => {
    const odd = { ...order, order: { ...order.order, taxCents: 1, totalCents: 10798 } };
    const { text } = await orderConfirmationEmail(odd, shop);
    expect(linesWith(text, 'Sales tax')[0]).toMatch(/\$0\.01$/);
    expect(text).toContain('$107.98');
  });

  it('escape catalogue and shopper text in HTML, and keep it as written in text', async () => {
    const title = 'Mug <script>alert("x")</script> & "Towel"';
    const { html, text } = await orderConfirmationEmail(withItem(title), shop);
    expect(html).not.toContain('<script');
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Towel&quot;',
    );
    expect(text).toContain(`3 × ${title}`);
  });

  it('keep a name with a line break on one line, in both parts', async () => {
    const forged = {
      ...order,
      order: { ...order.order, firstname: 'Ada\nFrom: evil@example.com', lastname: 'L\u2028X' },
    };
    for (const mail of [
      await orderConfirmationEmail(forged, shop),
      await newOrderEmail(forged, shop),
    ]) {
      expect(mail.text.split('\n').some((line) => line.startsWith('From:'))).toBe(false);
      expect(mail.text).toContain('Ada From: evil@example.com');
      expect(mail.html).not.toMatch(/[\n\u2028]From:/);
    }
  });

  it("tell the shop who ordered, with the shopper's address", async () => {
    const mail = await newOrderEmail(order, shop);
    expect(mail.subject).toBe('New order 1042: $119.14');
    expect(mail.text).toContain('Customer: Ada Lovelace (guest)');
    expect(mail.text).toContain('Email: ada@example.com');
    expect(mail.text).toContain(`Order id: ${order.order.id}`);
    expect(mail.text).toContain('Payment: paid, Visa ending in 4242 — $119.14');
    expect(mail.html).toContain('Ada Lovelace');
  });
});

describe('the contact message to the shop', () => {
  const message = {
    email: 'shopper@example.com',
    subject: 'Problem with order',
    message: 'My mug arrived chipped.\nFrom: evil@example.com\r\nBcc: all@example.com\u2028To: x',
    orderNumber: 'A1B2',
  };

  it('quotes every line of the message in the text part, so none passes for a header', async () => {
    const { text, subject } = await contactMessageEmail(message, shop);
    expect(subject).toBe('Contact form: Problem with order');
    const quoted = text.split('\n').filter((line) => line.startsWith('> '));
    expect(quoted).toEqual([
      '> My mug arrived chipped.',
      '> From: evil@example.com',
      '> Bcc: all@example.com',
      '> To: x',
    ]);
    for (const needle of ['evil@example.com', 'all@example.com', 'To: x']) {
      expect(linesWith(text, needle).every((line) => line.startsWith('> '))).toBe(true);
    }
    expect(text.split('\n').some((line) => /^(From|Bcc|To):/.test(line))).toBe(false);
    expect(text).toContain("Sender's email: shopper@example.com");
    expect(text).toContain('Order number: A1B2');
  });

  it('shows the message in a blockquote in the HTML part, escaped', async () => {
    const { html } = await contactMessageEmail(
      { ...message, message: 'Hi\nFrom: evil@example.com\n<script>alert(1)</script>' },
      shop,
    );
    const quote = /<blockquote[^>]*>(.*?)<\/blockquote>/s.exec(html)?.[1];
    expect(quote).toBe('Hi<br/>From: evil@example.com<br/>&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.match(/evil@example\.com/g)).toHaveLength(1);
    expect(html).not.toContain('<script');
  });
});

describe('the delivered email (docs/recipes/email.md)', () => {
  const data = { number: 1042, firstname: 'Ada <Lovelace>', returnBy: 'Dec 12' };

  it("names the return's last day and links the account's orders, in text and HTML", async () => {
    const { subject, text, html } = await orderDeliveredEmail(data, shop);
    expect(subject).toBe('Order 1042 was delivered');
    expect(text).toContain('Hello Ada <Lovelace>, your order has been delivered.');
    expect(text).toContain(
      `you can start a return until Dec 12 on your orders ${shop.siteUrl}/orders.`,
    );
    expect(html).toContain(`href="${shop.siteUrl}/orders"`);
    expect(html).toContain('Hello Ada &lt;Lovelace&gt;');
    expect(html).not.toContain('<Lovelace>');
  });

  it("links a guest's signed order page instead, and never /orders", async () => {
    const guestOrderUrl = `${shop.siteUrl}/orderstatus?t=abc.123.sig`;
    const { text, html } = await orderDeliveredEmail({ ...data, guestOrderUrl }, shop);
    expect(text).toContain(`until Dec 12 on your order's page ${guestOrderUrl}.`);
    expect(html).toContain(`href="${guestOrderUrl}"`);
    expect(text).not.toContain(`${shop.siteUrl}/orders `);
    expect(html).not.toContain(`href="${shop.siteUrl}/orders"`);
  });
});
