import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  downloadGrants,
  idempotencyKeys,
  orders,
  outbox,
  payments,
  users,
} from '../../api/db/schema';
import { products as seedProducts } from '../../api/db/seed/catalogue';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { sha256 as sha } from '../../api/lib/tokens';
import { downloadFilePath } from '../../api/modules/orders/downloads/files';
import {
  DOWNLOAD_MAX_REISSUES,
  DOWNLOAD_MAX_USES,
  DOWNLOAD_MESSAGES,
  type DownloadLine,
  type DownloadLink,
} from '../../core/downloads/model';
import { formatArrivalRange } from '../../core/arrival';
import type { OrderConfirmed } from '../../core/orders/model';
import { useApi, type ApiHarness } from '../helpers/api';
import { confirm, GUEST, guestOrder, mugLine, photoLine, sandboxToken } from '../helpers/orders';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';

const LINK = /https?:\/\/[^\s)\]"]+\/api\/downloads\/[A-Za-z0-9_-]{43}/g;
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const RAINIER = downloadFilePath('rainier-sunrise-photo')!;

describe('digital products are delivered', () => {
  const api: ApiHarness = useApi({ seed: true });
  const db = () => api.test.database.db;
  let placed = 0;

  /** A paid guest order through the real checkout; answers the confirmation's body. */
  async function buy(lines = [photoLine()], email = `buyer.${++placed}@example.com`) {
    const token = (await sandboxToken(api)).token;
    const order = await guestOrder(api, lines, token, undefined, { ...GUEST, email });
    const response = await confirm(api, order);
    expect(response.status).toBe(201);
    return { email, body: (await response.json()) as OrderConfirmed };
  }

  const download = (url: string) => api.get(new URL(url).pathname.replace(/^\/api/, ''));
  const grantOf = async (url: string) => {
    const rows = await db().select().from(downloadGrants);
    return rows.find((row) => row.tokenHash === sha(tokenOf(url)));
  };

  async function expectRefused(url: string, reason: string) {
    const response = await download(url);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/download/${reason}`);
    expect(response.headers.get('content-disposition')).toBeNull();
  }

  it('a paid digital order gets one link per digital line, on its answer and in its email, stored only as a hash', async () => {
    const { email, body } = await buy([photoLine(), mugLine(1)]);
    const links = body.order.downloads!;
    expect(links).toHaveLength(1);
    expect(links[0]!.title).toBe('Mount Rainier at Sunrise — Photo Download');
    expect(links[0]!.usesLeft).toBe(DOWNLOAD_MAX_USES);
    const days = (Date.parse(links[0]!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const grants = await db()
      .select()
      .from(downloadGrants)
      .where(eq(downloadGrants.orderId, body.orderId));
    expect(grants).toHaveLength(1);
    expect(grants[0]!.tokenHash).toBe(sha(tokenOf(links[0]!.url)));
    expect(grants[0]!).toMatchObject({ uses: 0, maxUses: 5, revokedAt: null });

    // The shopper's email carries the same link; the shop's copy and the kept answer do not.
    const mails = await db().select().from(outbox);
    const mine = mails.find((mail) => mail.to === email && mail.kind === 'order.confirmed')!;
    expect(mine.text.match(LINK)).toEqual([links[0]!.url]);
    // The mug still travels as a parcel: the email names the window stored on the order (issue 41).
    const [placed] = await db().select().from(orders).where(eq(orders.id, body.orderId));
    expect(placed!.promisedEarliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(mine.text).toContain(
      `Estimated arrival: ${formatArrivalRange({ earliest: placed!.promisedEarliest!, latest: placed!.promisedLatest! })}.`,
    );
    expect(mine.html).toContain(links[0]!.url);
    const shops = mails.find((mail) => mail.kind === 'order.received' && mail.replyTo === email)!;
    expect(shops.text).not.toContain(tokenOf(links[0]!.url));
    const [kept] = await db()
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.orderId, body.orderId));
    expect(JSON.stringify(kept!.responseBody)).not.toContain(tokenOf(links[0]!.url));
  });

  it('an order without digital lines gets no link', async () => {
    const { body } = await buy([mugLine(1)]);
    expect(body.order.downloads).toEqual([]);
    const grants = await db()
      .select()
      .from(downloadGrants)
      .where(eq(downloadGrants.orderId, body.orderId));
    expect(grants).toHaveLength(0);
  });

  it('the link sends the full-resolution file as an attachment, five times, and refuses the sixth', async () => {
    const { email, body } = await buy();
    const url = body.order.downloads![0]!.url;
    const file = await readFile(RAINIER);
    // A photo alone: nothing ships, and the email does not promise a parcel.
    const [mail] = await db().select().from(outbox).where(eq(outbox.to, email));
    expect(mail!.text).toContain('Nothing ships: your photos are ready to download');
    expect(mail!.text).not.toContain('parcel');
    for (let use = 1; use <= 5; use++) {
      const response = await download(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="rainier-sunrise-photo.jpg"',
      );
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(file)).toBe(true);
      expect((await grantOf(url))!.uses).toBe(use);
    }
    await expectRefused(url, 'used-up');
    expect((await grantOf(url))!.uses).toBe(5);
  });

  it('a HEAD request tells whether the link works and counts nothing: five downloads still follow', async () => {
    const { body } = await buy();
    const url = body.order.downloads![0]!.url;
    const path = new URL(url).pathname.replace(/^\/api/, '');
    const size = (await readFile(RAINIER)).length;
    for (let look = 0; look < 3; look++) {
      const head = await api.get(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(size));
      expect(head.headers.get('content-disposition')).toBe(
        'attachment; filename="rainier-sunrise-photo.jpg"',
      );
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
    expect((await grantOf(url))!.uses).toBe(0);
    for (let use = 1; use <= DOWNLOAD_MAX_USES; use++) {
      const response = await download(url);
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(size);
    }
    // Used up: HEAD says so as GET does, and still counts nothing.
    const head = await api.get(path, { method: 'HEAD' });
    expect(head.status).toBe(303);
    expect(head.headers.get('location')).toBe('/download/used-up');
    expect((await grantOf(url))!.uses).toBe(DOWNLOAD_MAX_USES);
  });

  it('the full-resolution file is not public: its size is the one promised, and no public path serves it', async () => {
    const file = await readFile(RAINIER);
    // A JPEG's SOF0/SOF2 frame header holds the size: 4000 rows of 6000 columns.
    const sof = file.findIndex((byte, i) => byte === 0xff && [0xc0, 0xc2].includes(file[i + 1]!));
    expect(file.readUInt16BE(sof + 5)).toBe(4000);
    expect(file.readUInt16BE(sof + 7)).toBe(6000);
    expect(RAINIER).not.toContain('/public/');
  });

  it('every digital product has a private file of the size its details promise, and says how it is delivered', async () => {
    const digital = seedProducts.filter((product) => product.category === 'digital');
    expect(digital.length).toBeGreaterThan(0);
    for (const product of digital) {
      const [, width, height] = product.details!.join(' ').match(/JPEG, (\d+) × (\d+) px/)!;
      const meta = await sharp(downloadFilePath(product.slug)!).metadata();
      expect([meta.format, meta.width, meta.height], product.slug).toEqual([
        'jpeg',
        Number(width),
        Number(height),
      ]);
      expect(product.description, product.slug).toContain(
        'a download link appears on the order confirmation page and in the confirmation email; it works for 7 days and 5 downloads.',
      );
    }
  });

  it('an expired link is refused with its page, and a made-up or malformed one too', async () => {
    const { body } = await buy();
    const url = body.order.downloads![0]!.url;
    await db()
      .update(downloadGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(downloadGrants.orderId, body.orderId));
    await expectRefused(url, 'expired');
    expect((await grantOf(url))!.uses).toBe(0);
    await expectRefused(`http://localhost/api/downloads/${'A'.repeat(43)}`, 'invalid');
    await expectRefused('http://localhost/api/downloads/not-a-token', 'invalid');
  });

  it('a canceled order’s link stops working', async () => {
    const { body } = await buy();
    await db()
      .update(orders)
      .set({ shippingStatus: 'canceled', paymentStatus: 'refunded' })
      .where(eq(orders.id, body.orderId));
    await expectRefused(body.order.downloads![0]!.url, 'unpaid');
  });

  it('a guest asks for a fresh link by order number and email: emailed, and the old link stops working', async () => {
    const { email, body } = await buy();
    const old = body.order.downloads![0]!.url;
    expect((await download(old)).status).toBe(200);

    const asked = await api.post('/downloads/request', {
      orderNumber: body.order.orderNumber,
      email: email.toUpperCase(),
    });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ message: DOWNLOAD_MESSAGES.requested });
    const [mail] = await db().select().from(outbox).where(eq(outbox.kind, 'downloads.reissued'));
    expect(mail!.to).toBe(email);
    const [fresh] = mail!.text.match(LINK)!;
    expect(fresh).not.toBe(old);

    await expectRefused(old, 'replaced');
    const response = await download(fresh!);
    expect(response.status).toBe(200);
    expect((await grantOf(fresh!))!.uses).toBe(1);
  });

  it('a request that matches no order answers the same and sends nothing; invalid input is refused', async () => {
    const { body } = await buy();
    const before = (await db().select().from(outbox)).length;
    for (const request of [
      { orderNumber: body.order.orderNumber, email: 'someone.else@example.com' },
      { orderNumber: 999_999, email: 'nobody@example.com' },
    ]) {
      const asked = await api.post('/downloads/request', request);
      expect(asked.status).toBe(200);
      expect(await asked.json()).toEqual({ message: DOWNLOAD_MESSAGES.requested });
    }
    expect((await db().select().from(outbox)).length).toBe(before);
    expect((await download(body.order.downloads![0]!.url)).status).toBe(200);

    const invalid = await api.post('/downloads/request', { orderNumber: 'x', email: 'no' });
    expect(invalid.status).toBe(400);
  });

  it('requests for fresh links are rate limited per order', async () => {
    const { email, body } = await buy();
    const ask = () =>
      api.post(
        '/downloads/request',
        { orderNumber: body.order.orderNumber, email },
        { headers: { [CLIENT_IP_HEADER]: `203.0.113.${placed}` } },
      );
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(DOWNLOAD_MESSAGES.tooMany);
  });

  describe('signed-in customers', () => {
    async function customer() {
      const client = authClient(api);
      const account = await registerVerified(client, api, freshEmail('downloads'));
      const session = await logIn(client, account);
      const [row] = await db().select().from(users).where(eq(users.email, account.email));
      return { ...account, token: session.token, userId: row!.id };
    }
    async function buyAs(userId: string) {
      const { body } = await buy();
      await db().update(orders).set({ userId, isGuest: false }).where(eq(orders.id, body.orderId));
      return body;
    }

    it('list their downloads and get a fresh link for their own line, which replaces the old one', async () => {
      const ann = await customer();
      const order = await buyAs(ann.userId);
      const old = order.order.downloads![0]!;
      expect((await download(old.url)).status).toBe(200);

      const listed = await api.get('/downloads/mine', bearer(ann.token));
      expect(listed.status).toBe(200);
      const lines = (await listed.json()) as DownloadLine[];
      expect(lines).toEqual([
        expect.objectContaining({ orderId: order.orderId, itemId: old.itemId, usesLeft: 4 }),
      ]);

      const reissued = await api.post(
        '/downloads/reissue',
        { orderId: order.orderId, itemId: old.itemId },
        bearer(ann.token),
      );
      expect(reissued.status).toBe(200);
      const { link } = (await reissued.json()) as { link: DownloadLink };
      expect(link.usesLeft).toBe(5);
      await expectRefused(old.url, 'replaced');
      expect((await download(link.url)).status).toBe(200);
    });

    const reissue = (
      who: { token: string },
      order: OrderConfirmed,
      headers: Record<string, string> = {},
    ) =>
      api.post(
        '/downloads/reissue',
        { orderId: order.orderId, itemId: order.order.downloads![0]!.itemId },
        bearer(who.token, headers),
      );
    const errorOf = async (response: Response) =>
      ((await response.json()) as { error: string }).error;

    it(`an order's links are reissued ${DOWNLOAD_MAX_REISSUES} times at most: the next is refused with a clear message and changes nothing`, async () => {
      const ann = await customer();
      const order = await buyAs(ann.userId);
      const links: DownloadLink[] = [];
      for (let time = 1; time <= DOWNLOAD_MAX_REISSUES; time++) {
        const made = await reissue(ann, order);
        expect(made.status).toBe(200);
        links.push(((await made.json()) as { link: DownloadLink }).link);
      }
      const refused = await reissue(ann, order);
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toBe(DOWNLOAD_MESSAGES.reissueLimit);
      expect(DOWNLOAD_MESSAGES.reissueLimit).toBe(
        "This order's download links have already been reissued 3 times, the most we allow. Please contact us if you still need your photos.",
      );

      const grants = await db()
        .select()
        .from(downloadGrants)
        .where(eq(downloadGrants.orderId, order.orderId));
      expect(grants.map((grant) => grant.issue).sort()).toEqual([0, 1, 2, 3]);
      // The last link made still works: the refusal revoked nothing.
      expect((await download(links.at(-1)!.url)).status).toBe(200);

      // A guest's request for the same order makes no link either: the order's address is told.
      const [placed] = await db().select().from(orders).where(eq(orders.id, order.orderId));
      const asked = await api.post('/downloads/request', {
        orderNumber: order.order.orderNumber,
        email: placed!.email,
      });
      expect(asked.status).toBe(200);
      expect(await asked.json()).toEqual({ message: DOWNLOAD_MESSAGES.requested });
      const mails = await db().select().from(outbox).where(eq(outbox.to, placed!.email));
      expect(mails.map((mail) => mail.kind)).not.toContain('downloads.reissued');
      const note = mails.find((mail) => mail.kind === 'downloads.reissue-limit')!;
      expect(note.text).toContain(DOWNLOAD_MESSAGES.reissueLimit);
      expect(note.text).not.toMatch(LINK);
      expect(
        await db().select().from(downloadGrants).where(eq(downloadGrants.orderId, order.orderId)),
      ).toHaveLength(grants.length);
      expect((await download(links.at(-1)!.url)).status).toBe(200);
    });

    it(`six reissues of one order at once: ${DOWNLOAD_MAX_REISSUES} are made, the others refused`, async () => {
      const ann = await customer();
      const order = await buyAs(ann.userId);
      const answers = await Promise.all(Array.from({ length: 6 }, () => reissue(ann, order)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
      const grants = await db()
        .select()
        .from(downloadGrants)
        .where(eq(downloadGrants.orderId, order.orderId));
      expect(grants.map((grant) => grant.issue).sort()).toEqual([0, 1, 2, 3]);
      expect(grants.filter((grant) => grant.revokedAt === null)).toHaveLength(1);
    });

    it('reissues are rate limited per address', async () => {
      const ann = await customer();
      const bought = [await buyAs(ann.userId), await buyAs(ann.userId)];
      const from = (ip: string) => ({ [CLIENT_IP_HEADER]: ip });
      // 20 an hour from one address, whatever each answers (made, or refused by the order's cap).
      for (let i = 0; i < 20; i++) {
        const answer = await reissue(ann, bought[0]!, from('198.51.100.7'));
        expect(answer.status).toBe(i < DOWNLOAD_MAX_REISSUES ? 200 : 409);
      }
      const limited = await reissue(ann, bought[1]!, from('198.51.100.7'));
      expect(limited.status).toBe(429);
      expect(await errorOf(limited)).toBe(DOWNLOAD_MESSAGES.tooMany);
      expect(
        await db()
          .select()
          .from(downloadGrants)
          .where(eq(downloadGrants.orderId, bought[1]!.orderId)),
      ).toHaveLength(1);
      // Another address is not held back.
      expect((await reissue(ann, bought[1]!, from('198.51.100.8'))).status).toBe(200);
    });

    it('cannot cancel an order whose file was downloaded: 409, nothing refunded, the order unchanged', async () => {
      const ann = await customer();
      const used = await buyAs(ann.userId);
      const unused = await buyAs(ann.userId);
      expect((await download(used.order.downloads![0]!.url)).status).toBe(200);

      const refused = await api.post('/orders/cancel', { id: used.orderId }, bearer(ann.token));
      expect(refused.status).toBe(409);
      const [row] = await db().select().from(orders).where(eq(orders.id, used.orderId));
      // A photo alone is delivered when paid (DECISIONS "Digital-only orders"), and stays so.
      expect(row!.shippingStatus).toBe('delivered');
      const [payment] = await db()
        .select()
        .from(payments)
        .where(eq(payments.orderId, used.orderId));
      expect(payment!.status).not.toBe('refunded');
      expect((await download(used.order.downloads![0]!.url)).status).toBe(200);

      const canceled = await api.post('/orders/cancel', { id: unused.orderId }, bearer(ann.token));
      expect(canceled.status).toBe(200);
    });

    it('cannot list or re-issue another customer’s order, and nothing changes', async () => {
      const ann = await customer();
      const bob = await customer();
      const order = await buyAs(ann.userId);
      const link = order.order.downloads![0]!;

      const reissued = await api.post(
        '/downloads/reissue',
        { orderId: order.orderId, itemId: link.itemId },
        bearer(bob.token),
      );
      expect(reissued.status).toBe(404);
      const listed = (await (
        await api.get('/downloads/mine', bearer(bob.token))
      ).json()) as DownloadLine[];
      expect(listed).toEqual([]);
      expect((await grantOf(link.url))!.revokedAt).toBeNull();
      expect((await download(link.url)).status).toBe(200);

      const signedOut = await api.post('/downloads/reissue', {
        orderId: order.orderId,
        itemId: link.itemId,
      });
      expect(signedOut.status).toBe(401);
    });
  });

  it('ten downloads at once with two uses left: exactly two get the file', async () => {
    const { body } = await buy();
    const url = body.order.downloads![0]!.url;
    await db()
      .update(downloadGrants)
      .set({ uses: DOWNLOAD_MAX_USES - 2 })
      .where(eq(downloadGrants.orderId, body.orderId));
    const responses = await Promise.all(Array.from({ length: 10 }, () => download(url)));
    const statuses = responses.map((response) => response.status).sort();
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    expect(statuses).toEqual([200, 200, 303, 303, 303, 303, 303, 303, 303, 303]);
    expect((await grantOf(url))!.uses).toBe(DOWNLOAD_MAX_USES);
  });
});
