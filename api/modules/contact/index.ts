import { Elysia } from 'elysia';
import { config } from '../../config';
import type { Db } from '../../db/client';
import { clientIp } from '../../lib/client-ip';
import { sameSiteJson } from '../../plugins/same-site-json';
import { contactMessage } from './model';
import { receiveContactMessage } from './service';

/** POST /api/contact/contact (spec §7): 201 when the message is stored and its mail queued. */
export const contactModule = (db: Db) =>
  new Elysia({ name: 'contact', prefix: '/contact' }).use(sameSiteJson).post(
    '/contact',
    async ({ body, request, set }) => {
      const { id } = await receiveContactMessage(db, body, {
        shopEmail: config().mail.shopEmail,
        ip: clientIp(request),
      });
      set.status = 201;
      return { _id: id };
    },
    { body: contactMessage, parse: 'json' },
  );
