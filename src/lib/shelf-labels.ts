/** The Shop all page's address and the words that lead to it (the menu, the footer, the page). */
export const SHOP_ALL_PATH = '/products/';
export const SHOP_ALL_LABEL = 'Shop all';
export const SHOP_BY_CATEGORY_HEADING = 'Shop by category';
