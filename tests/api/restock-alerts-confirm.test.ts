import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, restockRequests } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { CLIENT_IP_HEADER } from '../../api/lib/client-ip';
import { emailLimitKey } from '../../api/lib/email-limit-key';
import { signStopToken } from '../../api/modules/restock-alerts/link';
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
  const match = text.match(new RegExp(`/api/restock-alerts/${link}\\?t=([\\w.-]+)`));
  expect(match, `a ${link} link`).not.toBeNull();
  return `/restock-alerts/${link}?t=${match![1]!}`;
};

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
    const confirmed = await api.get(linkIn(requested[0]!.text, 'confirm'));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/confirm-waiting?done=1');
    expect(await mails(api, email, 'restock.back')).toHaveLength(1);
    const again = await api.get(linkIn(requested[0]!.text, 'confirm'));
    expect(again.headers.get('location')).toBe('/confirm-waiting?gone=1');
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
    expect((await api.get(linkIn(forYes!.text, 'confirm'))).status).toBe(303);
    // The stop link's token is signed for stopping only.
    const stopAsConfirm = linkIn(forNo!.text, 'stop').replace('/stop?', '/confirm?');
    expect((await api.get(stopAsConfirm)).headers.get('location')).toBe(
      '/confirm-waiting?invalid=1',
    );
    const item = { email: no, productId: BLANKET.toLowerCase(), sku: '' };
    const forged = signStopToken(item, 'not the secret', 'confirm');
    expect((await api.get(`/restock-alerts/confirm?t=${forged}`)).headers.get('location')).toBe(
      '/confirm-waiting?invalid=1',
    );
    await restock(3);
    expect(await mails(api, yes, 'restock.back')).toHaveLength(1);
    expect(await mails(api, no, 'restock.back')).toHaveLength(0);
    await restock(0);
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
