import type { AdminAuthPlugin } from '../../auth';
import { backOffice } from '../../../plugins/back-office';
import {
  idParams,
  productCreateBody,
  productEditBody,
  uploadBody,
} from '../../../../core/admin/model';
import type { Db } from '../../../db/client';
import {
  categoryList,
  createProduct,
  productForEdit,
  updateProduct,
  uploadImage,
} from './products';

/** What the product editor needs: the database and the data folder its uploads go to. */
export interface ProductAdminDeps {
  db: Db;
  dataDir: string;
  adminAuth: AdminAuthPlugin;
}

/** The back office's product editor (issue 14), under /api/admin: products, categories, images. */
export const adminProductsModule = (deps: ProductAdminDeps) =>
  backOffice('admin-products', deps.adminAuth)
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
    });
