import type { Db } from '../../db/client';
import type { ShopDetails } from '../mail';
import type { AdminDeps as OrdersAdminDeps } from '../orders';

/**
 * What the back office needs (api/app.ts hands it to the back office's modules): the orders'
 * pages take the gateway, the product editor the data folder, the inbox the shop's details.
 */
export interface AdminDeps extends OrdersAdminDeps {
  db: Db;
  shop: ShopDetails;
  /** The data folder (DATA_DIR): uploaded product images live under its uploads/ folder. */
  dataDir: string;
}
