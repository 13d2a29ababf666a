import { Elysia } from 'elysia';
import { sameSiteJson } from '../../plugins/same-site-json';
import { addressSchema } from '../../../core/address/model';

/**
 * POST /api/address/check: the server's half of the address form. The browser checks a ZIP's
 * format only; this answers whether it exists and lies in the state, with the schema's field
 * messages (400 `{ error, fields: { zipcode } }`), so the form shows them under the ZIP field
 * before the shopper moves on. 200 gives the address as the order would store it.
 */
export const addressModule = new Elysia({ name: 'address', prefix: '/address' })
  .use(sameSiteJson)
  .post('/check', ({ body }) => ({ address: body }), { body: addressSchema });
