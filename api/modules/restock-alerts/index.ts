import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import type { RateLimitPlugin, RateRule } from '../../plugins/rate-limit';
import { sameSiteJson } from '../../plugins/same-site-json';
import { restockRequestBody, restockStopQuery } from '../../../core/restock/model';
import { RESTOCK_TEXT } from '../../../core/restock/texts';
import { emailLimitKey } from '../../lib/email-limit-key';
import { readConfirmToken, readStopToken } from './link';
import { confirmWaiting, requestRestock, stopWaiting } from './service';

/** A shopper asks for a few items an hour; an address is asked for a few times an hour. */
const RESTOCK_RULES: RateRule[] = [
  {
    name: 'restock.ip',
    limit: 10,
    windowSeconds: 60 * 60,
    key: ({ ip }) => ip,
    message: RESTOCK_TEXT.tooMany,
  },
  {
    name: 'restock.email',
    limit: 5,
    windowSeconds: 60 * 60,
    // victim+1@… and dotted Gmail spellings are one address here (issue 36).
    key: ({ body }) => emailLimitKey((body as { email?: string }).email),
    message: RESTOCK_TEXT.tooMany,
  },
];

export interface RestockModuleDeps {
  db: Db;
  limits: RateLimitPlugin;
}

/** A signed link's answer: a redirect to its page, never cached, never passed on as a referrer. */
const landOn = (location: string) =>
  new Response(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });

/**
 * Back-in-stock requests (issue 27). POST answers 202 with the same sentence whether the address
 * was already waiting or not; GET /confirm is the confirmation email's signed link (issue 36),
 * landing on /confirm-waiting; GET /stop is the signed one-click link of every email, which lands
 * on the /stop-waiting page.
 */
export const restockAlertsModule = ({ db, limits }: RestockModuleDeps) =>
  new Elysia({ name: 'restock-alerts', prefix: '/restock-alerts' })
    .use(sameSiteJson)
    .use(limits)
    .post(
      '',
      async ({ body, set }) => {
        await requestRestock(db, body);
        set.status = 202;
        return { message: RESTOCK_TEXT.confirmed };
      },
      { body: restockRequestBody, rateLimit: RESTOCK_RULES },
    )
    .get(
      '/confirm',
      async ({ query }) => {
        const item = readConfirmToken(query.t);
        if (!item) return landOn('/confirm-waiting?invalid=1');
        const outcome = await confirmWaiting(db, item);
        return landOn(
          outcome === 'confirmed' ? '/confirm-waiting?done=1' : '/confirm-waiting?gone=1',
        );
      },
      { query: restockStopQuery },
    )
    .get(
      '/stop',
      async ({ query }) => {
        const item = readStopToken(query.t);
        if (item) await stopWaiting(db, item);
        return landOn(item ? '/stop-waiting?done=1' : '/stop-waiting?invalid=1');
      },
      { query: restockStopQuery },
    );
