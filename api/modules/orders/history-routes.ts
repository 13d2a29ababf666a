import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AuthPlugin, SignedInUser } from '../auth';
import { enforceRateRules, type RateRule } from '../../plugins/rate-limit';
import { sameSiteJson } from '../../plugins/same-site-json';
import type { ShopDetails } from '../mail';
import type { PaymentGateway } from '../payments';
import { moneyByOrder } from './order-money';
import { cancelOrder } from './cancel';
import { listOrderHistory, returnsOf, toHistoryOrder } from './history';
import {
  HISTORY_MESSAGES,
  issueReportBody,
  orderIdBody,
  returnRequestBody,
  type IssueReportBody,
  type ReturnRequestBody,
} from '../../../core/orders/history-model';
import { reportIssue, startReturn, type Requester } from './issues';
import type { Customer } from './ownership';
import { orderItemsOf } from './repository';

export interface OrderHistoryDeps {
  db: Db;
  gateway: Pick<PaymentGateway, 'refund'>;
  shop: ShopDetails;
  auth: AuthPlugin;
  limiter: RateLimiter;
  onMailQueued?: () => void;
}

/** Issue reports and return requests a customer (or an order's link holder) may send: a few an hour. */
const MESSAGE_RULE: RateRule = {
  name: 'orders.message',
  limit: 10,
  windowSeconds: 60 * 60,
  key: ({ body }) => (body as { sender?: string }).sender,
  message: HISTORY_MESSAGES.tooMany,
};

/** The signed-in user as the order rules see a requester (ownership.ts, issues.ts). */
const requesterOf = (user: SignedInUser): Requester => ({
  customer: { ...user, emailVerified: user.row.emailVerified },
  account: user,
});

/** The order-message routes' work, shared by the account's and the signed link's routes. */
export const orderActions = (deps: Omit<OrderHistoryDeps, 'auth'>) => ({
  /** Cancels the order and answers it as the history shows it. */
  async cancel(customer: Customer, id: string) {
    const order = await cancelOrder(deps, customer, id);
    const [items, returns, money] = await Promise.all([
      orderItemsOf(deps.db, order.id),
      returnsOf(deps.db, [order.id]),
      moneyByOrder(deps.db, [order]),
    ]);
    return { order: toHistoryOrder(order, items, returns, new Date(), money.get(order.id)) };
  },
  /** An issue report or a return request, within the sender's hourly limit (`sender` names it). */
  async send(
    kind: 'issue' | 'return',
    requester: Requester,
    sender: string,
    body: IssueReportBody | ReturnRequestBody,
    request: Request,
  ) {
    await enforceRateRules(deps.limiter, [MESSAGE_RULE], {
      body: { sender },
      request,
      ip: undefined,
    });
    const answer =
      kind === 'issue'
        ? await reportIssue(deps, requester, body as IssueReportBody)
        : await startReturn(deps, requester, body as ReturnRequestBody);
    return {
      ...answer,
      message: kind === 'issue' ? HISTORY_MESSAGES.issueReceived : HISTORY_MESSAGES.returnReceived,
    };
  },
});

/**
 * A signed-in customer's orders (spec §7): GET /orders/orders, POST /orders/cancel, and the issue
 * report (POST /orders/issue) and return request (POST /orders/return). Every call reads only the
 * customer's own orders (ownership.ts): another customer's id is 404 and changes nothing.
 */
export const orderHistoryModule = (deps: OrderHistoryDeps) => {
  const actions = orderActions(deps);
  return new Elysia({ name: 'order-history', prefix: '/orders' })
    .use(sameSiteJson)
    .use(deps.auth)
    .get(
      '/orders',
      ({ user, set }) => {
        set.headers['cache-control'] = 'private, no-store';
        return listOrderHistory(deps.db, requesterOf(user).customer);
      },
      { auth: true },
    )
    .post('/cancel', ({ body, user }) => actions.cancel(requesterOf(user).customer, body.id), {
      auth: true,
      body: orderIdBody,
    })
    .post(
      '/issue',
      async ({ body, user, request, set }) => {
        const answer = await actions.send('issue', requesterOf(user), user.id, body, request);
        set.status = 201;
        return answer;
      },
      { auth: true, body: issueReportBody },
    )
    .post(
      '/return',
      async ({ body, user, request, set }) => {
        const answer = await actions.send('return', requesterOf(user), user.id, body, request);
        set.status = 201;
        return answer;
      },
      { auth: true, body: returnRequestBody },
    );
};
