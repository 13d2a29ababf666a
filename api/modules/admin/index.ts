import { Elysia } from 'elysia';
import type { AdminAuthPlugin } from '../auth/plugin';
import { sameSiteJson } from '../../plugins/same-site-json';
import {
  declineBody,
  idParams,
  inboxReadParams,
  orderListQuery,
  productCreateBody,
  productEditBody,
  refundBody,
  setStockBody,
  shipBody,
  bulkShipBody,
  uploadBody,
} from '../../../core/admin/model';
import { lineRefundBody } from '../../../core/admin/line-refund';
import { cancelBody } from '../../../core/admin/cancel-reason';
import { receiveBody } from '../../../core/admin/return-restock';
import { replyBody, replyParams } from '../../../core/admin/inbox-reply';
import { customerListQuery } from '../../../core/admin/customers';
import {
  categoryList,
  createProduct,
  productForEdit,
  updateProduct,
  uploadImage,
} from '../catalogue/admin/products';
import { approveReturn, declineReturn, returnDetail } from '../orders/admin/returns';
import { receiveReturn } from '../orders/admin/returns-receive';
import { refundReturn } from '../orders/admin/returns-refund';
import { dashboard } from './dashboard';
import { markDelivered } from '../orders/admin/deliver';
import type { AdminDeps } from './deps';
import { customerDetail, guestDetail, listCustomers } from './customers';
import { inbox, markRead } from './inbox';
import { replyToItem } from './inbox-reply';
import { orderDetail } from '../orders/admin/order-detail';
import { listOrders } from '../orders/admin/order-list';
import { cancelAndRefund, retryRefund } from '../orders/admin/refunds';
import { refundPayment } from '../orders/admin/payment-refund';
import { paymentRefundBody } from '../../../core/admin/order-money';
import { assertAllowed } from '../orders/admin/order-actions';
import { markShipped, shipMany } from '../orders/admin/ship';
import { refundOrderLines } from '../orders/admin/refund-lines';
import { setStock, setStockMany, stockList } from '../inventory/admin/stock';
import { bulkStockBody } from '../../../core/admin/stock-body';
import { exportQuery } from '../../../core/admin/exports';
import { noteBody } from '../../../core/admin/order-notes';
import { slipsQuery } from '../../../core/admin/slips';
import { exportCsv } from './exports';
import { addNote } from '../orders/admin/order-notes';
import { packingSlips } from '../orders/admin/slips';

/**
 * The back office's API (issue 14), under /api/admin. Every route is `admin: true`: the role is
 * read from the database on each request (401 signed out, 403 for a customer).
 */
export const adminModule = (deps: AdminDeps & { adminAuth: AdminAuthPlugin }) =>
  new Elysia({ name: 'admin', prefix: '/admin' })
    .use(sameSiteJson)
    .use(deps.adminAuth)
    .onAfterHandle(({ set }) => {
      set.headers['cache-control'] = 'no-store';
    })
    // Whether the signed-in user may open the back office (the menu's Admin item, the back office's
    // guard): `admin` false for a customer, who is asking nothing wrong (no 403 in their console).
    .get('/access', ({ isAdmin }) => ({ admin: isAdmin }), { adminAccess: true })
    .get('/dashboard', () => dashboard(deps.db), { admin: true })
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
    })
    .get('/exports/orders.csv', ({ query, user }) => exportCsv(deps.db, user, 'orders', query), {
      admin: true,
      query: exportQuery,
    })
    .get(
      '/exports/order-lines.csv',
      ({ query, user }) => exportCsv(deps.db, user, 'order-lines', query),
      { admin: true, query: exportQuery },
    )
    .post(
      '/orders/:id/ship',
      async ({ params, body, user }) => {
        await assertAllowed(deps.db, params.id, 'ship');
        return markShipped(deps, user, params.id, body);
      },
      {
        admin: true,
        params: idParams,
        body: shipBody,
      },
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
    )
    .get('/products', () => stockList(deps.db), { admin: true })
    .post('/products/stock', ({ body, user }) => setStock(deps.db, user, body), {
      admin: true,
      body: setStockBody,
    })
    .post('/products/stock/bulk', ({ body, user }) => setStockMany(deps.db, user, body), {
      admin: true,
      body: bulkStockBody,
    })
    .get('/products/:id', ({ params }) => productForEdit(deps.db, params.id), {
      admin: true,
      params: idParams,
    })
    .post('/products/:id', ({ params, body, user }) => updateProduct(deps, user, params.id, body), {
      admin: true,
      params: idParams,
      body: productEditBody,
    })
    .post('/products', ({ body, user }) => createProduct(deps, user, body), {
      admin: true,
      body: productCreateBody,
    })
    .get('/categories', () => categoryList(deps.db), { admin: true })
    .post('/uploads', ({ body, user }) => uploadImage(deps, user, body.data), {
      admin: true,
      body: uploadBody,
    })
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
    )
    .get('/inbox', () => inbox(deps.db), { admin: true })
    .post(
      '/inbox/:kind/:id/read',
      ({ params, user }) => markRead(deps.db, user, params.kind, params.id),
      { admin: true, params: inboxReadParams },
    )
    .post(
      '/inbox/:kind/:id/reply',
      ({ params, body, user }) => replyToItem(deps, user, params.kind, params.id, body),
      { admin: true, params: replyParams, body: replyBody },
    )
    .get('/customers', ({ query }) => listCustomers(deps.db, query), {
      admin: true,
      query: customerListQuery,
    })
    .get('/customers/:id', ({ params, user }) => customerDetail(deps.db, user, params.id), {
      admin: true,
      params: idParams,
    })
    .get('/customers/guests/:id', ({ params, user }) => guestDetail(deps.db, user, params.id), {
      admin: true,
      params: idParams,
    });
