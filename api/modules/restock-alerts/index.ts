import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import type { RateLimitPlugin, RateRule } from '../../plugins/rate-limit';
import { sameSiteJson } from '../../plugins/same-site-json';
import {
  restockConfirmBody,
  restockRequestBody,
  restockStopQuery,
} from '../../../core/restock/model';
import { RESTOCK_TEXT } from '../../../core/restock/texts';
import { AppError } from '../../lib/errors';
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
 * was already waiting or not. The confirmation email's signed link opens the /confirm-waiting page,
 * which shows what will be confirmed; only its button's POST /confirm confirms (issue 36: mail
 * scanners and prefetchers follow GET links). GET /confirm, the link of emails sent before, only
 * lands on that page. GET /stop is the signed one-click link of every email, which lands on the
 * /stop-waiting page.
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
    .post(
      '/confirm',
      async ({ body }) => {
        const item = readConfirmToken(body.t);
        if (!item) throw new AppError('INVALID_DATA', RESTOCK_TEXT.stopInvalid);
        if ((await confirmWaiting(db, item)) === 'gone')
          throw new AppError('NOT_FOUND', RESTOCK_TEXT.confirmGone);
        return { message: RESTOCK_TEXT.confirmDone };
      },
      { body: restockConfirmBody },
    )
    .get('/confirm', ({ query }) => landOn(`/confirm-waiting?t=${encodeURIComponent(query.t)}`), {
      query: restockStopQuery,
    })
    .get(
      '/stop',
      async ({ query }) => {
        const item = readStopToken(query.t);
        if (item) await stopWaiting(db, item);
        return landOn(item ? '/stop-waiting?done=1' : '/stop-waiting?invalid=1');
      },
      { query: restockStopQuery },
    );

// The public face (issue 37 point 1): what other modules may use.
export { claimRestocked, describeConfirmation } from './service';
