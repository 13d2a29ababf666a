import { and, eq, inArray, sql } from 'drizzle-orm';
import { Elysia } from 'elysia';
import { orders } from '../../db/schema';
import { clientIp } from '../../lib/client-ip';
import { AppError } from '../../lib/errors';
import { enforceRateRules, type RateRule } from '../../plugins/rate-limit';
import { sameSiteJson } from '../../plugins/same-site-json';
import { afterAnswer } from '../auth';
import { customerDownloads, reissueForCustomer } from './downloads/reissue';
import { enqueueMail, orderStatusLinkEmail } from '../mail';
import { reissueBody } from '../../../core/downloads/model';
import {
  issueReportBody,
  orderIdBody,
  returnRequestBody,
} from '../../../core/orders/history-model';
import {
  ORDER_LINK_HEADER,
  ORDER_STATUS_TEXT,
  orderStatusRequestSchema,
  type OrderStatusRequestBody,
} from '../../../core/orders/order-status';
import { orderStatusUrl, readOrderLink } from './guest-link';
import { HISTORY_STATUSES, listOrderHistory } from './history';
import { orderActions, type OrderHistoryDeps } from './history-routes';
import type { Requester } from './issues';

export type GuestOrderDeps = Omit<OrderHistoryDeps, 'auth'>;

/** The order-status form: a few an hour per network address and per email. */
const STATUS_LINK_RULES: RateRule[] = [
  {
    name: 'orders.status-link.ip',
    limit: 10,
    windowSeconds: 60 * 60,
    key: ({ ip }) => ip,
    message: ORDER_STATUS_TEXT.tooMany,
  },
  {
    name: 'orders.status-link.email',
    limit: 3,
    windowSeconds: 60 * 60,
    key: ({ body }) => (body as OrderStatusRequestBody).email,
    message: ORDER_STATUS_TEXT.tooMany,
  },
];

/** The order a request's signed link opens (its header), or 401 for none, an altered or an old one. */
function linkHolder(request: Request): Requester {
  const orderId = readOrderLink(request.headers.get(ORDER_LINK_HEADER) ?? '');
  if (!orderId) throw new AppError('UNAUTHORIZED', ORDER_STATUS_TEXT.linkInvalid);
  return { customer: { orderId } };
}

/**
 * Emails the signed link of the paid order that has this number and this email, if there is one.
 * Runs after the answer has gone, so neither the answer nor its timing says whether it exists.
 */
async function mailStatusLink(deps: GuestOrderDeps, body: OrderStatusRequestBody) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.number, body.orderNumber),
        sql`lower(${orders.email}) = ${body.email.toLowerCase()}`,
        inArray(orders.shippingStatus, HISTORY_STATUSES),
      ),
    );
  if (!order) return;
  const mail = await orderStatusLinkEmail(
    { number: order.number, firstname: order.firstname, url: orderStatusUrl(deps.shop, order) },
    deps.shop,
  );
  await enqueueMail(deps.db, { kind: 'order.status-link', to: order.email, ...mail });
  deps.onMailQueued?.();
}

/**
 * A guest's order through its signed link (DECISIONS "Guests' orders"), the link in the
 * X-Order-Link header: GET /orders/guest reads the order with its downloads, and cancel, issue,
 * return and download do what a signed-in customer's routes do, for that one order only (another
 * order's id is 404). POST /orders/status-link emails the link to the order's address.
 */
export const guestOrdersModule = (deps: GuestOrderDeps) => {
  const actions = orderActions(deps);
  return new Elysia({ name: 'guest-orders', prefix: '/orders' })
    .use(sameSiteJson)
    .onAfterHandle(({ set }) => {
      set.headers['cache-control'] = 'private, no-store';
    })
    .get('/guest', async ({ request }) => {
      const { customer } = linkHolder(request);
      const [order] = await listOrderHistory(deps.db, customer);
      if (!order) throw new AppError('NOT_FOUND', ORDER_STATUS_TEXT.linkInvalid);
      return { order, downloads: await customerDownloads(deps.db, customer) };
    })
    .post(
      '/guest/cancel',
      ({ body, request }) => actions.cancel(linkHolder(request).customer, body.id),
      { body: orderIdBody },
    )
    .post(
      '/guest/issue',
      async ({ body, request, set }) => {
        const answer = await actions.send('issue', linkHolder(request), body.id, body, request);
        set.status = 201;
        return answer;
      },
      { body: issueReportBody },
    )
    .post(
      '/guest/return',
      async ({ body, request, set }) => {
        const answer = await actions.send('return', linkHolder(request), body.id, body, request);
        set.status = 201;
        return answer;
      },
      { body: returnRequestBody },
    )
    .post(
      '/guest/download',
      async ({ body, request }) => ({
        link: await reissueForCustomer(deps, linkHolder(request).customer, body),
      }),
      { body: reissueBody },
    )
    .post(
      '/status-link',
      async ({ body, request, set }) => {
        await enforceRateRules(deps.limiter, STATUS_LINK_RULES, {
          body,
          request,
          ip: clientIp(request),
        });
        afterAnswer('the order status link', () => mailStatusLink(deps, body));
        set.status = 202;
        return { message: ORDER_STATUS_TEXT.requested };
      },
      { body: orderStatusRequestSchema },
    );
};
