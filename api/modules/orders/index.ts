import { Elysia } from 'elysia';
import { clientIp } from '../../lib/client-ip';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AuthPlugin } from '../auth';
import { enforceRateRules, type RateLimitPlugin } from '../../plugins/rate-limit';
import { sameSiteJson } from '../../plugins/same-site-json';
import type { OrderDependencies } from './confirm-order';
import {
  assertNotCardTesting,
  ORDER_CONFIRM_RULES,
  ORDER_QUOTE_RULES,
  recordDecline,
} from './limits';
import { orderConfirmationSchema, quoteRequestSchema } from '../../../core/orders/model';
import { confirmOrder, quoteOrder } from './service';
import { checkCode, balanceOf } from '../gift-cards';
import { centsToDollars, dollarsToCents } from '../../../core/money';

export interface OrderLimits {
  /** The rate-limit plugin (`rateLimit` route option). */
  plugin: RateLimitPlugin;
  /** Its counters, for the declined-card backoff. */
  limiter: RateLimiter;
  /** The signed-in shopper (`optionalAuth`): a signed-in checkout is the account's order. */
  auth: AuthPlugin;
}

// The per-address rule runs before the handler; the per-email one in it, by the account's email
// for a signed-in shopper (the body's guest contact is ignored then).
const [CONFIRM_IP_RULE, CONFIRM_EMAIL_RULE] = ORDER_CONFIRM_RULES;

/** Orders: the review page's quote and the order confirmation (spec §7). */
export const ordersModule = (deps: OrderDependencies, limits: OrderLimits) =>
  new Elysia({ name: 'orders', prefix: '/orders' })
    .use(sameSiteJson)
    .use(limits.plugin)
    .use(limits.auth)
    .post(
      '/quote',
      async ({ body, request, user }) => {
        const quote = await quoteOrder(deps, body, user);
        if (!body.giftCardCode) return quote;
        // What the card would pay (issue 26): a wrong code is throttled like at confirmation.
        const { card } = await checkCode(
          deps.db,
          limits.limiter,
          clientIp(request),
          body.giftCardCode,
        );
        const balanceCents = await balanceOf(deps.db, card.id);
        const applied = Math.min(balanceCents, dollarsToCents(quote.total));
        return {
          ...quote,
          giftCard: {
            last4: card.last4!,
            balance: centsToDollars(balanceCents),
            applied: centsToDollars(applied),
          },
        };
      },
      {
        body: quoteRequestSchema,
        rateLimit: ORDER_QUOTE_RULES,
        optionalAuth: true,
      },
    )
    .post(
      '/orderconfirmation',
      async ({ body, request, set, user }) => {
        const ip = clientIp(request);
        const email = user?.email ?? body.guestContact?.email;
        await enforceRateRules(limits.limiter, [CONFIRM_EMAIL_RULE!], {
          body: { guestContact: { email } },
          request,
          ip,
        });
        await assertNotCardTesting(limits.limiter, ip, email);
        // A wrong gift card code is refused (and counted) before anything is written (issue 26).
        if (body.giftCardCode) await checkCode(deps.db, limits.limiter, ip, body.giftCardCode);
        try {
          const { status, body: answer } = await confirmOrder(
            deps,
            body,
            request.headers.get('idempotency-key'),
            user,
          );
          set.status = status;
          return answer;
        } catch (error) {
          if (error instanceof AppError && error.type === 'PAYMENT_REQUIRED') {
            await recordDecline(limits.limiter, ip, email);
          }
          throw error;
        }
      },
      {
        body: orderConfirmationSchema,
        rateLimit: [CONFIRM_IP_RULE!],
        optionalAuth: true,
      },
    );

// The public face (issue 37 point 1): what other modules may use.
export { adminOrdersModule } from './admin/routes';
export type { AdminDeps } from './admin/deps';
export { needsAttentionOrders } from './admin/needs-attention';
export { closeOrder } from './close';
export { paidOrderState } from './digital-delivery';
export { downloadsModule } from './downloads';
export type { AfterOrderStep } from './faults';
export { signOrderLink } from './guest-link';
export { guestOrdersModule } from './guest-routes';
export { orderHistoryModule } from './history-routes';
export { moneyByOrder } from './order-money';
export { ownedBy } from './ownership';
export type { PricedOrder } from './pricing';
export { recoverPendingOrders, type RecoveryDependencies } from './recovery';
export { discountOf, lineDiscountOf } from './discount-view';
export { orderItemsOf } from './repository';
export { issuePaidCards } from './settle';
