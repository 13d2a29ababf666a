import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { validateCartBody } from '../../../core/cart/model';
import { validateCart } from './service';

export const cartModule = (db: Db) =>
  new Elysia({ name: 'cart', prefix: '/cart' }).post(
    '/validate',
    ({ body }) => validateCart(db, body.items, body.state),
    { body: validateCartBody },
  );

// The public face (issue 37 point 1): what other modules may use.
export { resolveLines } from './service';
