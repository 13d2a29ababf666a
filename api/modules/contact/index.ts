import { Elysia } from 'elysia';
import { config } from '../../config';
import type { Db } from '../../db/client';
import { clientIp } from '../../lib/client-ip';
import type { RateLimitPlugin, RateRule } from '../../plugins/rate-limit';
import { sameSiteJson } from '../../plugins/same-site-json';
import { CONTACT_RATE_LIMIT, CONTACT_TOO_MANY_MESSAGES, contactMessage } from './model';
import { receiveContactMessage } from './service';

const window = {
  limit: CONTACT_RATE_LIMIT.messages,
  windowSeconds: CONTACT_RATE_LIMIT.minutes * 60,
};

/** One network address, and one email address, may send a few messages in a window. */
export const CONTACT_RATE_RULES: readonly RateRule[] = [
  { name: 'contact.ip', ...window, key: ({ ip }) => ip, message: CONTACT_TOO_MANY_MESSAGES },
  {
    name: 'contact.email',
    ...window,
    key: ({ body }) => (body as { email?: string }).email,
    message: CONTACT_TOO_MANY_MESSAGES,
  },
];

/** POST /api/contact/contact (spec §7): 201 when the message is stored and its mail queued. */
export const contactModule = ({ db, limits }: { db: Db; limits: RateLimitPlugin }) =>
  new Elysia({ name: 'contact', prefix: '/contact' })
    .use(sameSiteJson)
    .use(limits)
    .post(
      '/contact',
      async ({ body, request, set }) => {
        const { id } = await receiveContactMessage(db, body, {
          shopEmail: config().mail.shopEmail,
          ip: clientIp(request),
        });
        set.status = 201;
        return { _id: id };
      },
      { body: contactMessage, parse: 'json', rateLimit: CONTACT_RATE_RULES },
    );
