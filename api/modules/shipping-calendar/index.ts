import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { productArrivalQuery, ARRIVAL_SETTINGS_MESSAGES } from '../../../core/arrival-settings';
import { arrivalForProduct, arrivalProduct, shopNotices } from './arrival';

/** Dated answers change at midnight (shop time) or when the owner edits: kept a few minutes. */
const CACHE = 'public, max-age=300';

/**
 * Arrival dates for the shop's pages (issue 41):
 * - GET /api/arrival?product=<id>&state=WA → { arrival: ProductArrival } (state left out: the
 *   widest range over the states shipped to);
 * - GET /api/arrival/notices → { notices: ShopNotice[] } for the notice bar.
 */
export const arrivalModule = ({ db, now = () => new Date() }: { db: Db; now?: () => Date }) =>
  new Elysia({ name: 'arrival', prefix: '/arrival' })
    .get(
      '',
      async ({ query, set }) => {
        const product = await arrivalProduct(db, query.product);
        if (!product) throw new AppError('NOT_FOUND', ARRIVAL_SETTINGS_MESSAGES.productGone);
        set.headers['cache-control'] = CACHE;
        return { arrival: await arrivalForProduct(db, product, query.state, now()) };
      },
      { query: productArrivalQuery },
    )
    .get('/notices', async ({ set }) => {
      set.headers['cache-control'] = CACHE;
      return { notices: await shopNotices(db, now()) };
    });

// The public face (issue 37 point 1): what other modules may use.
export { adminArrivalModule } from './admin';
export {
  arrivalForProduct,
  arrivalProduct,
  orderArrival,
  shopNotices,
  storePromisedWindow,
  type ArrivalProduct,
  type OrderArrivalLine,
} from './arrival';
export { forgetArrivalSettings, loadArrivalSettings, transitFor } from './settings';
export { shipDueCounts, shipDueOrders } from './ship-by';
