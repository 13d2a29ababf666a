import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, restockRequests } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { emailLimitKey } from '../../api/lib/email-limit-key';
import { signStopToken } from '../../api/modules/restock-alerts/link';
import { describeConfirmation } from '../../api/modules/restock-alerts/service';
import { RESTOCK_TEXT } from '../../core/restock/texts';
import { useApi, type ApiHarness } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer, freshEmail } from './auth-helpers';

/** Issue 36 row 11: a typed address is asked to confirm before anything else is sent to it. */

const BLANKET = seedProductId('ferry-plaid-picnic-blanket'); // sold out, no variants
const BLANKET_SKU = 'EG-BLANKET-PICNIC';

let ipCount = 0;
const ask = (api: ApiHarness, email: string) =>
  api.post(
    '/restock-alerts',
    { productId: BLANKET, email },
    { headers: { [CLIENT_IP_HEADER]: `198.51.100.${(ipCount += 1) % 250}` } },
  );

const mails = (api: ApiHarness, to: string, kind: string) =>
  api.test.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, kind)));

const linkIn = (text: string, link: 'stop' | 'confirm') => {
  const page = link === 'stop' ? '/api/restock-alerts/stop' : '/confirm-waiting';
  const match = text.match(new RegExp(`${page}\\?t=([\\w.-]+)`));
  expect(match, `a ${link} link`).not.toBeNull();
  return match![1]!;
};

/** The confirmation page's button: the only way a request is confirmed. */
const confirm = (api: ApiHarness, t: string) => api.post('/restock-alerts/confirm', { t });

/** The confirmation request's row for `email`: confirmed or not. */
const rowOf = async (api: ApiHarness, email: string) =>
  (
    await api.test.database.db
      .select()
      .from(restockRequests)
      .where(eq(restockRequests.email, email))
  )[0];

describe('back-in-stock requests wait for their address to confirm', () => {
  const api = useApi({ seed: true });
  const restock = async (quantity: number) => {
    const { token } = await signedInAdmin(api);
    const answer = await api.post(
      '/admin/products/stock',
      { sku: BLANKET_SKU, quantity },
      bearer(token),
    );
    expect(answer.status).toBe(200);
  };

  it('sends one confirmation email and nothing else until its link is opened', async () => {
    const email = freshEmail('stranger');
    const answer = await ask(api, email);
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ message: RESTOCK_TEXT.confirmed });
    await ask(api, email);
    await ask(api, email);
    const requested = await mails(api, email, 'restock.requested');
    expect(requested).toHaveLength(1);
    expect(requested[0]!.subject).toBe(
      'Please confirm: email me when Ferry Deck Plaid Picnic Blanket is back',
    );
    linkIn(requested[0]!.text, 'stop');

    await restock(2);
    expect(await mails(api, email, 'restock.back')).toHaveLength(0);
    const [row] = await api.test.database.db
      .select()
      .from(restockRequests)
      .where(eq(restockRequests.email, email));
    expect(row?.confirmedAt).toBeNull();

    // Confirmed while the item is in stock: its one email goes at once.
    const confirmed = await confirm(api, linkIn(requested[0]!.text, 'confirm'));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ message: RESTOCK_TEXT.confirmDone });
    expect(await mails(api, email, 'restock.back')).toHaveLength(1);
    const again = await confirm(api, linkIn(requested[0]!.text, 'confirm'));
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: RESTOCK_TEXT.confirmGone });
    expect(await mails(api, email, 'restock.back')).toHaveLength(1);
    expect(await mails(api, email, 'restock.requested')).toHaveLength(1);
    await restock(0);
  });

  it('a confirmed request is mailed on the restock; a stop link does not confirm', async () => {
    const [yes, no] = [freshEmail('yes'), freshEmail('no')];
    await ask(api, yes);
    await ask(api, no);
    const [forYes] = await mails(api, yes, 'restock.requested');
    const [forNo] = await mails(api, no, 'restock.requested');
    expect((await confirm(api, linkIn(forYes!.text, 'confirm'))).status).toBe(200);
    // The stop link's token is signed for stopping only.
    const stopAsConfirm = await confirm(api, linkIn(forNo!.text, 'stop'));
    expect(stopAsConfirm.status).toBe(400);
    expect(await stopAsConfirm.json()).toEqual({ error: RESTOCK_TEXT.stopInvalid });
    const item = { email: no, productId: BLANKET.toLowerCase(), sku: '' };
    const forged = signStopToken(item, 'not the secret', 'confirm');
    expect((await confirm(api, forged)).status).toBe(400);
    await restock(3);
    expect(await mails(api, yes, 'restock.back')).toHaveLength(1);
    expect(await mails(api, no, 'restock.back')).toHaveLength(0);
    await restock(0);
  });

  it('confirms nothing on a GET of the link, the old API link included; only the POST confirms', async () => {
    const email = freshEmail('scanned');
    await ask(api, email);
    const [mail] = await mails(api, email, 'restock.requested');
    const token = linkIn(mail!.text, 'confirm');
    // What a mail scanner or a prefetcher does: follow the link. The page reads what it names
    // (tests/e2e/restock-confirm.spec.ts opens the page itself); links sent before go to the API.
    const shown = await describeConfirmation(api.test.database.db, token);
    expect(shown).toEqual({
      state: 'waiting',
      email,
      item: 'Ferry Deck Plaid Picnic Blanket',
    });
    const old = await api.get(`/restock-alerts/confirm?t=${token}`);
    expect(old.status).toBe(303);
    expect(old.headers.get('location')).toBe(`/confirm-waiting?t=${token}`);
    expect((await rowOf(api, email))?.confirmedAt).toBeNull();
    expect((await confirm(api, token)).status).toBe(200);
    expect((await rowOf(api, email))?.confirmedAt).not.toBeNull();
    expect(await describeConfirmation(api.test.database.db, token)).toMatchObject({
      state: 'confirmed',
    });
    expect(await describeConfirmation(api.test.database.db, `${token}x`)).toEqual({
      state: 'invalid',
    });
  });

  it('counts victim+1@… and dotted Gmail spellings as one address for the limit', async () => {
    expect(emailLimitKey('V.ictim+1@GoogleMail.com')).toBe('victim@gmail.com');
    expect(emailLimitKey('first.last+shop@example.com')).toBe('first.last@example.com');
    const statuses: number[] = [];
    for (const spelling of ['victim', 'victim+1', 'victim+2', 'v.ictim', 'vic.tim+x', 'victi.m'])
      statuses.push((await ask(api, `${spelling}@gmail.com`)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
