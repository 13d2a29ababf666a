import type { Page } from '@playwright/test';

/**
 * Collects what the browser refuses on a page (Content-Security-Policy violations) and its
 * uncaught errors. Start it before navigating; assert the list is empty at the end.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}
