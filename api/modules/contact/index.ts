import { Elysia } from 'elysia';
import { config } from '../../config';
import type { Db } from '../../db/client';
import { clientIp } from '../../lib/client-ip';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AuthPlugin } from '../auth';
import { enforceRateRules, type RateLimitPlugin, type RateRule } from '../../plugins/rate-limit';
import { sameSiteJson } from '../../plugins/same-site-json';
import {
  CONTACT_RATE_LIMIT,
  CONTACT_TOO_MANY_MESSAGES,
  contactRequest,
} from '../../../core/contact/model';
import { receiveContactMessage } from './service';

const window = {
  limit: CONTACT_RATE_LIMIT.messages,
  windowSeconds: CONTACT_RATE_LIMIT.minutes * 60,
};

/** One network address may send a few messages in a window (checked before the handler). */
const CONTACT_IP_RULE: RateRule = {
  name: 'contact.ip',
  ...window,
  key: ({ ip }) => ip,
  message: CONTACT_TOO_MANY_MESSAGES,
};

/** …and so may one email address: the sender's, or the signed-in account's (`body.email`). */
const CONTACT_EMAIL_RULE: RateRule = {
  name: 'contact.email',
  ...window,
  key: ({ body }) => (body as { email?: string }).email,
  message: CONTACT_TOO_MANY_MESSAGES,
};

export interface ContactModuleDeps {
  db: Db;
  limits: RateLimitPlugin;
  limiter: RateLimiter;
  auth: AuthPlugin;
}

/**
 * POST /api/contact/contact (spec §7): 201 when the message is stored and its mail queued. A
 * signed-in shopper's message comes from the account's address, whatever the body says (spec §3:
 * the email is sent only when logged out); a guest may give one or not.
 */
export const contactModule = ({ db, limits, limiter, auth }: ContactModuleDeps) =>
  new Elysia({ name: 'contact', prefix: '/contact' })
    .use(sameSiteJson)
    .use(limits)
    .use(auth)
    .post(
      '/contact',
      async ({ body, request, set, user }) => {
        // A guest may send no email (DECISIONS "Contact email"): the network address still counts.
        const email = user?.email ?? body.email;
        const ip = clientIp(request);
        if (email) {
          await enforceRateRules(limiter, [CONTACT_EMAIL_RULE], { body: { email }, request, ip });
        }
        const { id } = await receiveContactMessage(
          db,
          { ...body, email },
          { shopEmail: config().mail.shopEmail, ip, userId: user?.id },
        );
        set.status = 201;
        return { _id: id };
      },
      { body: contactRequest, rateLimit: [CONTACT_IP_RULE], optionalAuth: true },
    );
