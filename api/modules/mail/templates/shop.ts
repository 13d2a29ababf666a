import { config } from '../../../config';

/** What every email says about the shop: its name, its address on the web, its mailbox. */
export interface ShopDetails {
  siteName: string;
  /** Without a trailing slash. */
  siteUrl: string;
  shopEmail: string;
  /** Where returned parcels go (SHOP_RETURN_ADDRESS); the approval email names it. */
  returnAddress?: string;
}

/** The shop's details from the settings (SITE_NAME, PUBLIC_SITE_URL, SHOP_EMAIL, SHOP_RETURN_ADDRESS). */
export function shopDetails(): ShopDetails {
  const settings = config();
  return {
    siteName: settings.siteName,
    siteUrl: settings.siteUrl.replace(/\/$/, ''),
    shopEmail: settings.mail.shopEmail,
    returnAddress: settings.returnAddress,
  };
}
