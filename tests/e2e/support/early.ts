import type { Page, Route } from '@playwright/test';

/**
 * Issue 13 point 10's setting: a page whose island scripts (`/_astro/*.js`) have not arrived yet,
 * as on a slow phone.
 */

/** Holds every request to `url` until the answer is called (scripts, or an API call in flight). */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * Opens `path` with the island scripts held back, lets `shopper` do what a shopper does before
 * the page is ready (fill, press a submit, and whatever the test checks of the page then), and
 * lets the scripts through.
 */
export async function beforeScripts(
  page: Page,
  path: string,
  shopper: () => Promise<void>,
): Promise<void> {
  const release = await holdRequests(page, '**/_astro/*.js');
  await page.goto(path, { waitUntil: 'commit' });
  await shopper();
  release();
}
