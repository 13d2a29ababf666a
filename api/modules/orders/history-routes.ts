import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AuthPlugin, SignedInUser } from '../../plugins/auth';
import { enforceRateRules, type RateRule } from '../../plugins/rate-limit';
import { sameSiteJson } from '../../plugins/same-site-json';
import type { ShopDetails } from '../mail/templates';
import type { PaymentGateway } from '../payments/gateway';
import { cancelOrder } from './cancel';
import { listOrderHistory, toHistoryOrder } from './history';
import {
  HISTORY_MESSAGES,
  issueReportBody,
  orderIdBody,
  returnRequestBody,
} from '../../../core/orders/history-model';
import { reportIssue, startReturn } from './issues';
import { orderItemsOf } from './repository';

export interface OrderHistoryDeps {
  db: Db;
  gateway: Pick<PaymentGateway, 'refund'>;
  shop: ShopDetails;
  auth: AuthPlugin;
  limiter: RateLimiter;
  onMailQueued?: () => void;
}

/** Issue reports and return requests a customer may send: a few an hour. */
const MESSAGE_RULE: RateRule = {
  name: 'orders.message',
  limit: 10,
  windowSeconds: 60 * 60,
  key: ({ body }) => (body as { userId?: string }).userId,
  message: HISTORY_MESSAGES.tooMany,
};

/** The signed-in user as the order rules see a customer (ownership.ts). */
const customerOf = (user: SignedInUser) => ({
  ...user,
  emailVerified: user.row.emailVerified,
});

/** An issue report or return request: within the customer's hourly limit, then sent. */
async function sendMessage<T extends object>(
  deps: OrderHistoryDeps,
  user: SignedInUser,
  request: Request,
  send: (customer: ReturnType<typeof customerOf>) => Promise<T>,
) {
  await enforceRateRules(deps.limiter, [MESSAGE_RULE], {
    body: { userId: user.id },
    request,
    ip: undefined,
  });
  const answer = await send(customerOf(user));
  return { ...answer, message: HISTORY_MESSAGES.messageSent };
}

/**
 * A signed-in customer's orders (spec §7): GET /orders/orders, POST /orders/cancel, and the issue
 * report (POST /orders/issue) and return request (POST /orders/return). Every call reads only the
 * customer's own orders (ownership.ts): another customer's id is 404 and changes nothing.
 */
export const orderHistoryModule = (deps: OrderHistoryDeps) =>
  new Elysia({ name: 'order-history', prefix: '/orders' })
    .use(sameSiteJson)
    .use(deps.auth)
    .get(
      '/orders',
      ({ user, set }) => {
        set.headers['cache-control'] = 'private, no-store';
        return listOrderHistory(deps.db, customerOf(user));
      },
      { auth: true },
    )
    .post(
      '/cancel',
      async ({ body, user }) => {
        const order = await cancelOrder(deps, customerOf(user), body.id);
        return { order: toHistoryOrder(order, await orderItemsOf(deps.db, order.id), []) };
      },
      { auth: true, body: orderIdBody },
    )
    .post(
      '/issue',
      async ({ body, user, request, set }) => {
        const answer = await sendMessage(deps, user, request, (customer) =>
          reportIssue(deps, customer, body),
        );
        set.status = 201;
        return answer;
      },
      { auth: true, body: issueReportBody },
    )
    .post(
      '/return',
      async ({ body, user, request, set }) => {
        const answer = await sendMessage(deps, user, request, (customer) =>
          startReturn(deps, customer, body),
        );
        set.status = 201;
        return answer;
      },
      { auth: true, body: returnRequestBody },
    );
