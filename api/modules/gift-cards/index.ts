import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { clientIp } from '../../lib/client-ip';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AdminAuthPlugin } from '../auth';
import { sameSiteJson } from '../../plugins/same-site-json';
import type { ShopDetails } from '../mail';
import { idParams } from '../../../core/admin/model';
import { centsToDollars } from '../../../core/money';
import {
  adjustBodySchema,
  balanceRequestSchema,
  giftCardSearchQuery,
} from '../../../core/gift-cards/model';
import {
  adjustGiftCard,
  disableGiftCard,
  giftCardDetail,
  listGiftCards,
  resendGiftCard,
} from './admin';
import { balanceOf } from './ledger';
import { checkCode } from './limits';

export interface GiftCardsDependencies {
  db: Db;
  shop: ShopDetails;
  limiter: RateLimiter;
  adminAuth: AdminAuthPlugin;
  onMailQueued?: () => void;
}

/**
 * Gift cards (issue 26): the balance check (code in, balance out, throttled per address like a
 * code at checkout) and the back office's list, ledger, resend, disable and adjustment.
 */
export const giftCardsModule = (deps: GiftCardsDependencies) =>
  new Elysia({ name: 'gift-cards' })
    .use(sameSiteJson)
    .use(deps.adminAuth)
    .post(
      '/gift-cards/balance',
      async ({ body, request }) => {
        const { card } = await checkCode(deps.db, deps.limiter, clientIp(request), body.code);
        return { last4: card.last4!, balance: centsToDollars(await balanceOf(deps.db, card.id)) };
      },
      { body: balanceRequestSchema },
    )
    .group('/admin/giftcards', (admin) =>
      admin
        .onAfterHandle(({ set }) => {
          set.headers['cache-control'] = 'no-store';
        })
        .get('/', ({ query }) => listGiftCards(deps.db, query.q), {
          admin: true,
          query: giftCardSearchQuery,
        })
        .get('/:id', ({ params }) => giftCardDetail(deps.db, params.id), {
          admin: true,
          params: idParams,
        })
        .post(
          '/:id/resend',
          async ({ params, user }) => {
            const card = await resendGiftCard(deps.db, deps.shop, user, params.id);
            deps.onMailQueued?.();
            return card;
          },
          { admin: true, params: idParams },
        )
        .post('/:id/disable', ({ params, user }) => disableGiftCard(deps.db, user, params.id), {
          admin: true,
          params: idParams,
        })
        .post(
          '/:id/adjust',
          ({ params, user, body }) => adjustGiftCard(deps.db, user, params.id, body),
          { admin: true, params: idParams, body: adjustBodySchema },
        ),
    );

// The public face (issue 37 point 1): what other modules may use.
export { hashGiftCardCode, hashTypedCode, newGiftCardCode } from './codes';
export {
  balanceOf,
  deliverDueCards,
  heldByCardsOf,
  issueCards,
  redeem,
  returnToCards,
  spendingOf,
  voidCards,
  voidCardsOf,
  type Redemption,
} from './ledger';
export { checkCode } from './limits';
export { giftCardLine, type GiftCardDetails } from './pricing';
