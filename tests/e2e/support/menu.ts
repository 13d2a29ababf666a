import type { Locator } from '@playwright/test';

/**
 * The spec's items of the full-screen menu (spec §2), without its "Shop by category" section
 * (issue 24), which follows them in its own navigation.
 */
export const specItems = (menu: Locator): Locator =>
  menu.getByRole('navigation', { name: 'Menu' }).getByRole('link');
