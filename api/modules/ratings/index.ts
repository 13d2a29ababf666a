import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuthPlugin } from '../auth';
import { sameSiteJson } from '../../plugins/same-site-json';
import { productIdParams, rateBody, RATING_MESSAGES } from '../../../core/ratings/model';
import { rateProduct, ratingOf } from './service';

export interface RatingsModuleDeps {
  db: Db;
  auth: AuthPlugin;
}

/**
 * POST /product/{id}/rate {type: 'up' | 'down'} → {thumbsUp, thumbsDown, rating} (spec §7), for
 * signed-in customers with a verified email; GET /product/{id}/rating → the customer's own thumb.
 * A module of its own, beside the catalogue's read model, which `catalogueChanged` refreshes.
 */
export const ratingsModule = ({ db, auth }: RatingsModuleDeps) =>
  new Elysia({ name: 'ratings', prefix: '/product' })
    .use(sameSiteJson)
    .use(auth)
    .post(
      '/:id/rate',
      ({ params, body, user }) => {
        if (!user.row.emailVerified) throw new AppError('FORBIDDEN', RATING_MESSAGES.unverified);
        return rateProduct(db, user.id, params.id, body.type);
      },
      { auth: true, params: productIdParams, body: rateBody },
    )
    .get(
      '/:id/rating',
      async ({ params, user, set }) => {
        set.headers['cache-control'] = 'private, no-store';
        return { rating: await ratingOf(db, user.id, params.id) };
      },
      { auth: true, params: productIdParams },
    );
