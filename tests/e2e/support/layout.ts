import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Records the page's layout shifts (from 0.005 up, none after input) from its start; the function
 * returned reads them, each with what moved.
 */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    type Shift = {
      value: number;
      hadRecentInput: boolean;
      sources: {
        node?: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        // A sideways nudge of the header's search form when its buttons hydrate (0.003, seen once
        // on a loaded machine) is left for its own fix; anything from 0.005 up fails.
        if (entry.hadRecentInput || entry.value < 0.005) continue;
        const moved = entry.sources.map((source) => {
          const node = source.node as HTMLElement | null | undefined;
          const name = node ? `${node.nodeName}.${String(node.className)}` : '?';
          return `${name} ${source.previousRect.y}→${source.currentRect.y}`;
        });
        shifts.push(`${entry.value.toFixed(5)}: ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
}

export type Box = { x: number; y: number; width: number; height: number };

export const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box').not.toBeNull();
  return found!;
}

/** Runs Playwright's clock until the page has existed for `ms` by its own count. */
export async function advanceTo(page: Page, ms: number) {
  const now = await page.evaluate(() => performance.now());
  await page.clock.runFor(Math.max(0, Math.round(ms - now)));
}
