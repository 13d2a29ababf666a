import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { orders, outbox, products } from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { fileTransport } from '../../api/modules/mail/transport';
import { createOutboxWorker } from '../../api/modules/mail/worker';
import { useApi } from '../helpers/api';
import { leafParts, parseEml, partOfType } from '../helpers/eml';
import {
  confirm,
  enamelLine,
  footprint,
  guestOrder,
  mugLine,
  productStock,
  sandboxToken,
} from '../helpers/orders';

/**
 * Issue 9, point 10: mail that cannot be forged by its content. A guest's name cannot carry a line
 * break into an order email, a contact message cannot add a header line to the shop's mail, the
 * order email shows the order's cents, and the HTML part escapes what the catalogue holds.
 */

const FORGED_LINE = 'From: evil@example.com';
const lines = (text: string) => text.split(/\r?\n/);

describe('mail that cannot be forged by its content', () => {
  const api = useApi({ seed: true });
  const folder = mkdtempSync(join(tmpdir(), 'evergreen-mail-content-'));
  let ip = 0;
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function mailOf(kind: string) {
    return api.test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, kind))
      .orderBy(asc(outbox.createdAt));
  }

  /** Delivers the queued mail as .eml files and returns the file of the outbox row `id`. */
  async function deliver(id: string): Promise<string> {
    const worker = createOutboxWorker({
      db: api.test.database.db,
      transport: fileTransport(folder),
      from: 'Evergreen <shop@evergreen.example>',
    });
    await worker.runOnce();
    await worker.stop();
    const [file] = readdirSync(folder).filter((name) => name.includes(id));
    expect(file).toBeDefined();
    return readFileSync(join(folder, file!), 'utf8');
  }

  it.each([
    ['firstname', `Ada\n${FORGED_LINE}`],
    ['firstname', `Ada\r\n${FORGED_LINE}`],
    ['lastname', `Lovelace\u2028${FORGED_LINE}`],
    ['lastname', `Lovelace\r${FORGED_LINE}`],
  ])(
    'refuses a guest whose %s holds a line break, before any charge or mail',
    async (field, name) => {
      const { db } = api.test.database;
      const order = await guestOrder(api, [enamelLine(1)], (await sandboxToken(api)).token);
      const before = await footprint(db);
      const stock = await productStock(db, 'campfire-enamel-mug');
      const response = await confirm(api, {
        ...order,
        guestContact: { ...order.guestContact, [field]: name },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).fields).toEqual({
        [`guestContact.${field}`]: 'Unable to parse name',
      });
      expect(await footprint(db)).toEqual(before);
      expect(await productStock(db, 'campfire-enamel-mug')).toBe(stock);
    },
  );

  it('shows a contact message with a "From:" line only as quoted content, queued and delivered', async () => {
    ip += 1;
    const message = `Hello, my order is late.\n${FORGED_LINE}\nThanks!`;
    const response = await api.post(
      '/contact/contact',
      { email: 'fern@example.com', subject: 'Problem with order', message },
      { headers: { [CLIENT_IP_HEADER]: `198.51.100.${ip}` } },
    );
    expect(response.status).toBe(201);

    const [mail] = (await mailOf('contact.received')).filter(
      (row) => row.replyTo === 'fern@example.com',
    );
    expect(mail).toBeDefined();
    // The queued text: the forged line is inside the quotation, never a line of its own.
    expect(lines(mail!.text).filter((line) => line.includes('evil@example.com'))).toEqual([
      `> ${FORGED_LINE}`,
    ]);
    expect(lines(mail!.text).some((line) => line.startsWith('From:'))).toBe(false);
    // The queued HTML: inside the blockquote.
    expect(/<blockquote[^>]*>([^]*?)<\/blockquote>/.exec(mail!.html!)?.[1]).toContain(
      `<br/>${FORGED_LINE}<br/>`,
    );

    // The delivered message: one From header, the shop's; the forged line only in the content.
    const eml = parseEml(await deliver(mail!.id));
    const froms = eml.headers.filter((line) => /^from:/i.test(line));
    expect(froms).toEqual(['From: Evergreen <shop@evergreen.example>']);
    expect(eml.headers.find((line) => /^reply-to:/i.test(line))).toBe('Reply-To: fern@example.com');
    expect(eml.headers.join('\n')).not.toContain('evil');
    for (const part of leafParts(eml)) expect(part.headers.join('\n')).not.toContain('evil');
    const text = partOfType(eml, 'text/plain')!.content;
    expect(lines(text).filter((line) => line.includes('evil@example.com'))).toEqual([
      `> ${FORGED_LINE}`,
    ]);
    expect(partOfType(eml, 'text/html')!.content).toMatch(
      new RegExp(`<blockquote[^>]*>[^<]*<br/>${FORGED_LINE}<br/>`),
    );
  });

  describe('the order emails', () => {
    let orderId: string;

    beforeAll(async () => {
      // $19.99 a unit: three make $59.97, and Seattle's 10.35 % makes $6.2069… → $6.21.
      await api.test.database.db
        .update(products)
        .set({ priceCents: 1999 })
        .where(eq(products.id, seedProductId('campfire-enamel-mug')));
      const order = await guestOrder(
        api,
        [{ ...enamelLine(3), price: 19.99 }],
        (await sandboxToken(api)).token,
      );
      const response = await confirm(api, order);
      expect(response.status).toBe(201);
      orderId = (await response.json()).orderId;
    });

    it("show the order's cents for $19.99 × 3 with Seattle tax, in both parts of both emails", async () => {
      const [row] = await api.test.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row).toMatchObject({ subtotalCents: 5997, taxCents: 621, totalCents: 6618 });
      const mails = [...(await mailOf('order.confirmed')), ...(await mailOf('order.received'))];
      const ours = mails.filter((mail) => mail.text.includes(String(row!.number)));
      expect(ours.map((mail) => mail.kind).sort()).toEqual(['order.confirmed', 'order.received']);
      for (const mail of ours) {
        const text = lines(mail.text);
        expect(text.find((line) => line.startsWith('3 × Campfire Enamel Mug'))).toMatch(
          /\s\$59\.97$/,
        );
        expect(text.find((line) => line.includes('$19.99 each'))).toBeDefined();
        expect(text.find((line) => line.startsWith('Subtotal'))).toMatch(/\s\$59\.97$/);
        expect(text.find((line) => line.startsWith('Sales tax (10.35%)'))).toMatch(/\s\$6\.21$/);
        expect(text.find((line) => line.startsWith('Total'))).toMatch(/\s\$66\.18$/);
        for (const figure of ['$59.97', '$6.21', '$66.18', '$19.99 each']) {
          expect(mail.html).toContain(figure);
        }
      }
      expect(ours.find((mail) => mail.kind === 'order.received')!.subject).toBe(
        `New order ${row!.number}: $66.18`,
      );
    });

    it('escape markup from the catalogue in the HTML part', async () => {
      const { db } = api.test.database;
      const title = 'Cedar Ridge <script>alert("mug")</script> Mug';
      await db
        .update(products)
        .set({ title })
        .where(eq(products.id, seedProductId('cedar-ridge-mug')));
      const response = await confirm(
        api,
        await guestOrder(api, [mugLine(1)], (await sandboxToken(api)).token),
      );
      expect(response.status).toBe(201);
      const { order } = await response.json();
      const mails = (await mailOf('order.confirmed')).filter((mail) =>
        mail.text.includes(`Order number: ${order.orderNumber}`),
      );
      expect(mails).toHaveLength(1);
      const html = mails[0]!.html!;
      expect(html).not.toContain('<script');
      expect(html).toContain('Cedar Ridge &lt;script&gt;alert(&quot;mug&quot;)&lt;/script&gt; Mug');
      expect(mails[0]!.text).toContain(`1 × ${title} (Forest Green)`);
    });
  });
});
