import { backOffice } from '../../plugins/back-office';
import type { AdminAuthPlugin } from '../auth';
import { inboxReadParams, idParams } from '../../../core/admin/model';
import { replyBody, replyParams } from '../../../core/admin/inbox-reply';
import { customerListQuery } from '../../../core/admin/customers';
import { exportQuery } from '../../../core/admin/exports';
import { dashboard } from './dashboard';
import type { AdminDeps } from './deps';
import { customerDetail, guestDetail, listCustomers } from './customers';
import { exportCsv } from './exports';
import { inbox, markRead } from './inbox';
import { replyToItem } from './inbox-reply';

export { createOrPromoteAdmin } from './accounts';
export type { AdminDeps } from './deps';

/**
 * The back office's own pages (issue 14), under /api/admin: the dashboard, the exports, the inbox
 * and the customers, which read across domains. A domain's pages live in its module (orders/admin,
 * product/admin, inventory/admin, gift cards, tax) and api/app.ts mounts each (docs/architecture.md).
 */
export const adminModule = (deps: AdminDeps & { adminAuth: AdminAuthPlugin }) =>
  backOffice('admin', deps.adminAuth)
    // Whether the signed-in user may open the back office (the menu's Admin item, the back office's
    // guard): `admin` false for a customer, who is asking nothing wrong (no 403 in their console).
    .get('/access', ({ isAdmin }) => ({ admin: isAdmin }), { adminAccess: true })
    .get('/dashboard', () => dashboard(deps.db), { admin: true })
    .get('/exports/orders.csv', ({ query, user }) => exportCsv(deps.db, user, 'orders', query), {
      admin: true,
      query: exportQuery,
    })
    .get(
      '/exports/order-lines.csv',
      ({ query, user }) => exportCsv(deps.db, user, 'order-lines', query),
      { admin: true, query: exportQuery },
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
