import { Elysia } from 'elysia';
import type { AdminAuthPlugin } from '../../auth';
import { backOffice } from '../../../plugins/back-office';
import {
  declineBody,
  idParams,
  orderListQuery,
  refundBody,
  shipBody,
  bulkShipBody,
} from '../../../../core/admin/model';
import { lineRefundBody } from '../../../../core/admin/line-refund';
import { cancelBody } from '../../../../core/admin/cancel-reason';
import { receiveBody } from '../../../../core/admin/return-restock';
import { paymentRefundBody } from '../../../../core/admin/order-money';
import { noteBody } from '../../../../core/admin/order-notes';
import { slipsQuery } from '../../../../core/admin/slips';
import { markDelivered } from './deliver';
import type { AdminDeps } from './deps';
import { assertAllowed } from './order-actions';
import { orderDetail } from './order-detail';
import { listOrders } from './order-list';
import { addNote } from './order-notes';
import { refundPayment } from './payment-refund';
import { refundOrderLines } from './refund-lines';
import { cancelAndRefund, retryRefund } from './refunds';
import { approveReturn, declineReturn, returnDetail } from './returns';
import { receiveReturn } from './returns-receive';
import { refundReturn } from './returns-refund';
import { markShipped, shipMany } from './ship';
import { packingSlips } from './slips';

type BackOfficeDeps = AdminDeps & { adminAuth: AdminAuthPlugin };

/** The back office's orders (issue 14), under /api/admin: list, detail, notes, packing slips. */
const orderPages = (deps: BackOfficeDeps) =>
  backOffice('admin-order-pages', deps.adminAuth)
    .get('/orders', ({ query }) => listOrders(deps.db, query), {
      admin: true,
      query: orderListQuery,
    })
    .get('/orders/:id', ({ params, user }) => orderDetail(deps.db, user, params.id), {
      admin: true,
      params: idParams,
    })
    .post(
      '/orders/:id/notes',
      ({ params, body, user }) => addNote(deps.db, user, params.id, body),
      { admin: true, params: idParams, body: noteBody },
    )
    .get('/slips', ({ query, user }) => packingSlips(deps.db, deps.shop, user, query), {
      admin: true,
      query: slipsQuery,
    });

/** An order's moves: shipped, delivered, canceled and refunded, its payment or lines refunded. */
const orderMoves = (deps: BackOfficeDeps) =>
  backOffice('admin-order-moves', deps.adminAuth)
    .post(
      '/orders/:id/ship',
      async ({ params, body, user }) => {
        await assertAllowed(deps.db, params.id, 'ship');
        return markShipped(deps, user, params.id, body);
      },
      { admin: true, params: idParams, body: shipBody },
    )
    .post('/orders/ship-many', ({ body, user }) => shipMany(deps, user, body), {
      admin: true,
      body: bulkShipBody,
    })
    .post(
      '/orders/:id/deliver',
      async ({ params, user }) => {
        await assertAllowed(deps.db, params.id, 'deliver');
        return markDelivered(deps, user, params.id);
      },
      { admin: true, params: idParams },
    )
    .post(
      '/orders/:id/cancel',
      async ({ params, body, user }) => {
        await assertAllowed(deps.db, params.id, 'shop_cancel');
        return cancelAndRefund(deps, user, params.id, body);
      },
      { admin: true, params: idParams, body: cancelBody },
    )
    .post(
      '/orders/:id/retry-refund',
      async ({ params, user }) => {
        await assertAllowed(deps.db, params.id, 'retry_refund');
        return retryRefund(deps, user, params.id);
      },
      { admin: true, params: idParams },
    )
    .post(
      '/orders/:id/refund-payment',
      ({ params, body, user }) => refundPayment(deps, user, params.id, body),
      { admin: true, params: idParams, body: paymentRefundBody },
    )
    .post(
      '/orders/:id/refund-lines',
      ({ params, body, user }) => refundOrderLines(deps, user, params.id, body),
      { admin: true, params: idParams, body: lineRefundBody },
    );

/** Returns (issue 23): the request, approved or declined, received, refunded. */
const returnMoves = (deps: BackOfficeDeps) =>
  backOffice('admin-returns', deps.adminAuth)
    .get('/returns/:id', ({ params, user }) => returnDetail(deps.db, user, params.id), {
      admin: true,
      params: idParams,
    })
    .post('/returns/:id/approve', ({ params, user }) => approveReturn(deps, user, params.id), {
      admin: true,
      params: idParams,
    })
    .post(
      '/returns/:id/decline',
      ({ params, body, user }) => declineReturn(deps, user, params.id, body.reason),
      { admin: true, params: idParams, body: declineBody },
    )
    .post(
      '/returns/:id/receive',
      ({ params, body, user }) => receiveReturn(deps, user, params.id, body),
      { admin: true, params: idParams, body: receiveBody },
    )
    .post(
      '/returns/:id/refund',
      ({ params, body, user }) => refundReturn(deps, user, params.id, body),
      { admin: true, params: idParams, body: refundBody },
    );

/** The back office's order and return pages, under /api/admin. */
export const adminOrdersModule = (deps: BackOfficeDeps) =>
  new Elysia({ name: 'admin-orders' })
    .use(orderPages(deps))
    .use(orderMoves(deps))
    .use(returnMoves(deps));
