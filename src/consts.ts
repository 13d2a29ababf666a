/** Site-wide constants for pages. */
export const SITE_NAME = import.meta.env.SITE_NAME ?? 'Evergreen';
export const SITE_DESCRIPTION =
  'Gifts, clothing, home and pet items, artwork and photo prints from a small Washington State shop. Prices include shipping.';
