import { rememberShopMode } from '../api/shop-mode';
import { devPages, type AstroDev } from './dev-pages';
import { openShop, type OpenShop } from './serve';

/**
 * The shop under `npm run dev`, loaded afresh by server/dev.ts each time its code changes (these
 * imports are then new copies): as `npm start` opens it, with Astro's dev server for pages.
 */
export function openDevShop(shopMode: string, astro: AstroDev): Promise<OpenShop> {
  rememberShopMode(shopMode);
  return openShop({ devPages: devPages(astro), hosted: true });
}
