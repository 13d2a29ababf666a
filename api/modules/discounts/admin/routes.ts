import type { Db } from '../../../db/client';
import { backOffice } from '../../../plugins/back-office';
import type { AdminAuthPlugin } from '../../auth';
import { idParams } from '../../../../core/admin/model';
import { discountCodeInputSchema } from '../../../../core/discounts/model';
import {
  createDiscountCode,
  listDiscountCodes,
  setDiscountStatus,
  updateDiscountCode,
} from './codes';

/**
 * The back office's discount codes (issue 42), under /api/admin/discounts: the list with each
 * code's uses and what it gave, a new code, an edit, pause and activate; every change audited.
 */
export const discountAdminRoutes = ({ db, adminAuth }: { db: Db; adminAuth: AdminAuthPlugin }) =>
  // Stryker disable next-line StringLiteral: the plugin's name only keeps Elysia from registering it twice; it is registered once
  backOffice('admin-discounts', adminAuth)
    .get('/discounts', async () => ({ codes: await listDiscountCodes(db) }), { admin: true })
    .post(
      '/discounts',
      async ({ body, user, set }) => {
        const code = await createDiscountCode(db, user, body);
        set.status = 201;
        return { code };
      },
      { admin: true, body: discountCodeInputSchema },
    )
    .put(
      '/discounts/:id',
      async ({ params, body, user }) => ({
        code: await updateDiscountCode(db, user, params.id, body),
      }),
      { admin: true, params: idParams, body: discountCodeInputSchema },
    )
    .post(
      '/discounts/:id/pause',
      async ({ params, user }) => ({
        code: await setDiscountStatus(db, user, params.id, 'paused'),
      }),
      { admin: true, params: idParams },
    )
    .post(
      '/discounts/:id/activate',
      async ({ params, user }) => ({
        code: await setDiscountStatus(db, user, params.id, 'active'),
      }),
      { admin: true, params: idParams },
    );
