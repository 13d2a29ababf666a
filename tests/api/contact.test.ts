import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { config } from '../../api/config';
import { contactMessages, outbox } from '../../api/db/schema';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import {
  CONTACT_FIELD_MESSAGES as M,
  CONTACT_RATE_LIMIT,
  CONTACT_TOO_MANY_MESSAGES,
} from '../../core/contact/model';
import { SAME_SITE_MESSAGES } from '../../api/plugins/same-site-json';
import { NO_REPLY_ADDRESS } from '../../api/modules/mail/templates/ContactMessage';
import { useApi } from '../helpers/api';
import { authClient, bearer, freshEmail, logIn, registerVerified } from './auth-helpers';

const valid = {
  email: 'shopper@example.com',
  subject: 'Problem with order',
  message: 'My mug arrived chipped. Could you send another? Thanks!',
  orderNumber: 'A1B2-C3',
};

let sender = 0;
/** A message from its own email and network address, so tests never share a rate limit. */
function fresh(overrides: Record<string, unknown> = {}) {
  sender += 1;
  return {
    body: { ...valid, email: `shopper${sender}@example.com`, ...overrides },
    init: { headers: { [CLIENT_IP_HEADER]: `203.0.113.${sender}` } },
  };
}

interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
}

describe('POST /api/contact/contact', () => {
  const api = useApi();

  it('stores the message and queues an email to the shop, answering 201', async () => {
    const { body, init } = fresh();
    const response = await api.post('/contact/contact', body, init);
    expect(response.status).toBe(201);
    const { _id } = (await response.json()) as { _id: string };

    const { db } = api.test.database;
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, _id));
    expect(stored).toMatchObject({
      email: body.email,
      subject: valid.subject,
      message: valid.message,
      orderNumber: valid.orderNumber,
      meta: { ip: init.headers[CLIENT_IP_HEADER] },
    });

    const mails = await db.select().from(outbox).where(eq(outbox.kind, 'contact.received'));
    const mail = mails.find((row) => row.replyTo === body.email);
    expect(mail).toMatchObject({
      to: config().mail.shopEmail,
      status: 'pending',
      subject: `Contact form: ${valid.subject}`,
    });
    expect(mail!.text).toContain(valid.message);
    expect(mail!.text).toContain(valid.orderNumber);
  });

  it('accepts a message without an order number (or a blank one) and trims what it stores', async () => {
    const { body, init } = fresh({ orderNumber: undefined, message: '  Hello there  ' });
    const response = await api.post('/contact/contact', body, init);
    expect(response.status).toBe(201);
    const { _id } = (await response.json()) as { _id: string };
    const [stored] = await api.test.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, _id));
    expect(stored).toMatchObject({ message: 'Hello there', orderNumber: null });

    const blank = fresh({ orderNumber: '   ' });
    const answer = await api.post('/contact/contact', blank.body, blank.init);
    expect(answer.status).toBe(201);
    const { _id: blankId } = (await answer.json()) as { _id: string };
    const [withBlank] = await api.test.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, blankId));
    expect(withBlank?.orderNumber).toBeNull();
  });

  it.each([
    ['email', { email: 'not-an-email' }, M.emailInvalid],
    ['email', { email: `${'a'.repeat(243)}@example.com` }, M.emailTooLong],
    ['subject', { subject: '' }, M.subjectRequired],
    ['subject', { subject: 'Refund <now>' }, M.subjectInvalid],
    ['subject', { subject: 'a'.repeat(257) }, M.subjectTooLong],
    ['message', { message: '   ' }, M.messageRequired],
    ['message', { message: 'Hello <script>alert(1)</script>' }, M.messageInvalid],
    ['message', { message: 'b'.repeat(257) }, M.messageTooLong],
    ['orderNumber', { orderNumber: 'ORDER #12' }, M.orderNumberInvalid],
    ['orderNumber', { orderNumber: '9'.repeat(65) }, M.orderNumberTooLong],
  ])('refuses an invalid %s with its message (%j)', async (field, overrides, message) => {
    const { body, init } = fresh(overrides);
    const before = await api.test.database.db.select().from(contactMessages);
    const response = await api.post('/contact/contact', body, init);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as ErrorBody;
    expect(answer.fields?.[field]).toBe(message);
    expect(answer.error).toBe(message);
    const after = await api.test.database.db.select().from(contactMessages);
    expect(after).toHaveLength(before.length);
  });

  it.each([
    ['left out', { email: undefined }],
    ['blank', { email: '   ' }],
  ])(
    "accepts a guest's message with the email %s: stored without one, the mail says so",
    async (_, overrides) => {
      const { body, init } = fresh({ ...overrides, subject: 'Product idea' });
      const response = await api.post('/contact/contact', body, init);
      expect(response.status).toBe(201);
      const { _id } = (await response.json()) as { _id: string };
      const { db } = api.test.database;
      const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, _id));
      expect(stored).toMatchObject({ email: null, subject: 'Product idea' });

      const mails = await db.select().from(outbox).where(eq(outbox.kind, 'contact.received'));
      const mail = mails.at(-1)!;
      expect(mail.replyTo).toBeNull();
      expect(mail.text).toContain(`Sender's email: ${NO_REPLY_ADDRESS}`);
    },
  );

  it('takes exactly 256 characters of subject and message', async () => {
    const { body, init } = fresh({ subject: 'a'.repeat(256), message: 'b'.repeat(256) });
    const response = await api.post('/contact/contact', body, init);
    expect(response.status).toBe(201);
  });

  it("accepts JSON only, and from this shop's pages only", async () => {
    const form = await api.app.handle(
      new Request('http://localhost/api/contact/contact', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(fresh().body),
      }),
    );
    expect(form.status).toBe(400);
    expect(await form.json()).toEqual({ error: SAME_SITE_MESSAGES.json });

    const { body, init } = fresh();
    const crossSite = await api.post('/contact/contact', body, {
      headers: { ...init.headers, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: SAME_SITE_MESSAGES.origin });

    const sameSite = await api.post('/contact/contact', body, {
      headers: { ...init.headers, origin: new URL(config().siteUrl).origin },
    });
    expect(sameSite.status).toBe(201);
  });

  it('answers 429 with a sentence after too many messages from one email address', async () => {
    const email = 'busy@example.com';
    for (let index = 0; index < CONTACT_RATE_LIMIT.messages; index += 1) {
      const { body, init } = fresh({ email });
      expect((await api.post('/contact/contact', body, init)).status).toBe(201);
    }
    const { body, init } = fresh({ email: 'BUSY@example.com' });
    const response = await api.post('/contact/contact', body, init);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: CONTACT_TOO_MANY_MESSAGES });
    const wait = Number(response.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.minutes * 60);

    // Another sender is not affected.
    const other = fresh();
    expect((await api.post('/contact/contact', other.body, other.init)).status).toBe(201);
  });

  it('answers 429 after too many messages from one network address', async () => {
    const headers = { [CLIENT_IP_HEADER]: '198.51.100.7' };
    for (let index = 0; index < CONTACT_RATE_LIMIT.messages; index += 1) {
      const { body } = fresh();
      expect((await api.post('/contact/contact', body, { headers })).status).toBe(201);
    }
    const { body } = fresh();
    const response = await api.post('/contact/contact', body, { headers });
    expect(response.status).toBe(429);
    expect(((await response.json()) as ErrorBody).error).toBe(CONTACT_TOO_MANY_MESSAGES);
    const refused = await api.test.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, body.email));
    expect(refused).toEqual([]);
  });

  it('lets exactly the limit through when many messages from one address arrive at once', async () => {
    const headers = { [CLIENT_IP_HEADER]: '198.51.100.99' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => api.post('/contact/contact', fresh().body, { headers })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_RATE_LIMIT.messages);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      12 - CONTACT_RATE_LIMIT.messages,
    );
    // What was refused was not stored, and no mail was queued for it.
    const stored = await api.test.database.db
      .select()
      .from(contactMessages)
      .where(sql`${contactMessages.meta} ->> 'ip' = '198.51.100.99'`);
    expect(stored).toHaveLength(CONTACT_RATE_LIMIT.messages);
    const mails = await api.test.database.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.replyTo,
          stored.map((row) => row.email!),
        ),
      );
    expect(mails).toHaveLength(CONTACT_RATE_LIMIT.messages);
  });

  it("takes a signed-in shopper's address from the account, with or without an email field", async () => {
    const client = authClient(api);
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    const { body, init } = fresh({ email: undefined });
    const withoutEmail = await api.post('/contact/contact', body, bearer(token, init.headers));
    expect(withoutEmail.status).toBe(201);
    const other = fresh({ email: freshEmail('someone.else') });
    const withOtherEmail = await api.post(
      '/contact/contact',
      other.body,
      bearer(token, other.init.headers),
    );
    expect(withOtherEmail.status).toBe(201);

    const { db } = api.test.database;
    const [user] = await db
      .execute<{ id: string }>(sql`select id from users where email = ${account.email}`)
      .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
    const stored = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, user!.id));
    expect(stored.map((row) => row.email)).toEqual([account.email, account.email]);
    const mails = await db.select().from(outbox).where(eq(outbox.replyTo, account.email));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain(`Sender's email: ${account.email}`);
    expect(
      await db.select().from(contactMessages).where(eq(contactMessages.email, other.body.email!)),
    ).toEqual([]);

    // A token that is no longer valid is refused with 401 (the browser renews its session),
    // never taken for a guest's message, and nothing is stored.
    const stale = await api.post(
      '/contact/contact',
      fresh({ email: undefined }).body,
      bearer('x.y.z'),
    );
    expect(stale.status).toBe(401);
    expect(
      await db.select().from(contactMessages).where(eq(contactMessages.userId, user!.id)),
    ).toHaveLength(2);
  });

  it("counts a signed-in shopper's messages against the account's address", async () => {
    const client = authClient(api);
    const account = await registerVerified(client, api);
    const { token } = await logIn(client, account);
    for (let index = 0; index < CONTACT_RATE_LIMIT.messages; index += 1) {
      const { body, init } = fresh({ email: undefined });
      expect((await api.post('/contact/contact', body, bearer(token, init.headers))).status).toBe(
        201,
      );
    }
    const { body, init } = fresh({ email: freshEmail('varied') });
    const refused = await api.post('/contact/contact', body, bearer(token, init.headers));
    expect(refused.status).toBe(429);
  });
});
