import type { AdminAuthPlugin } from '../../auth';
import { backOffice } from '../../../plugins/back-office';
import { setStockBody } from '../../../../core/admin/model';
import { bulkStockBody } from '../../../../core/admin/stock-body';
import type { Db } from '../../../db/client';
import { setStock, setStockMany, stockList } from './stock';

/** The back office's stock page (issue 14), under /api/admin: every variant's stock, set one or many. */
export const adminStockModule = (deps: { db: Db; adminAuth: AdminAuthPlugin }) =>
  backOffice('admin-stock', deps.adminAuth)
    .get('/products', () => stockList(deps.db), { admin: true })
    .post('/products/stock', ({ body, user }) => setStock(deps.db, user, body), {
      admin: true,
      body: setStockBody,
    })
    .post('/products/stock/bulk', ({ body, user }) => setStockMany(deps.db, user, body), {
      admin: true,
      body: bulkStockBody,
    });
