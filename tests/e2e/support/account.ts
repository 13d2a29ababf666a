import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { parseEml, partOfType } from '../../helpers/eml';
import { STORAGE_KEYS } from '../../../core/site-messages';
import { serverDataDir } from './server';

/** Helpers of the account specs: the mail the server wrote, hydration, axe. */

interface Mail {
  headers: string[];
  to: string;
  subject: string;
  text: string;
}

function header(headers: string[], name: string): string {
  const line = headers.find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim() ?? '';
}

/** Every message the mail transport wrote as an .eml file under the server's data folder. */
export function mails(): Mail[] {
  const folder = join(serverDataDir(), 'mail');
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((name) => {
    const message = parseEml(readFileSync(join(folder, name), 'utf8'));
    return {
      headers: message.headers,
      to: header(message.headers, 'To'),
      subject: header(message.headers, 'Subject'),
      text: partOfType(message, 'text/plain')?.content ?? '',
    };
  });
}

/** The link to `path` (e.g. '/verifyemail') in the newest mail to `email` that holds one. */
export async function linkFromMail(email: string, path: string, skip = 0): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+${path}\\?[^\\s"<>\\]]+`);
  let found: string[] = [];
  await expect
    .poll(
      () => {
        found = mails()
          .filter((mail) => mail.to.includes(email))
          .map((mail) => pattern.exec(mail.text)?.[0])
          .filter((link): link is string => Boolean(link));
        return found.length;
      },
      { timeout: 15_000, message: `a mail to ${email} with a ${path} link` },
    )
    .toBeGreaterThan(skip);
  const link = new URL(found[found.length - 1]!);
  return `${link.pathname}${link.search}`;
}

/** No cookie notice in the way of the forms. */
export async function acceptCookies(page: Page) {
  await page.addInitScript(
    (key) => localStorage.setItem(key, 'accepted'),
    STORAGE_KEYS.cookieConsent,
  );
}

/**
 * What the page can say about an island that has not hydrated: how far it loaded, whether the
 * browser still gives idle moments, and each built file the page fetched (/_astro/: the islands'
 * scripts and the styles) with its status and time.
 */
async function whyNotHydrated(page: Page, component: string): Promise<string> {
  return page
    .evaluate(async (name) => {
      const island = document.querySelector(`astro-island[component-url*="${name}"]`);
      const idle = await new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve('no idle callback within 2 s'), 2000);
        requestIdleCallback(() => {
          clearTimeout(timer);
          resolve('idle callbacks run');
        });
      });
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/_astro/'))
        .map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return `${timing.name.replace(/^.*\/_astro\//, '')} ${timing.responseStatus} in ${Math.round(timing.duration)} ms`;
        });
      return [
        `readyState ${document.readyState}`,
        `island ${island ? island.outerHTML.slice(0, 300) : 'missing'}`,
        `astro-island defined: ${Boolean(customElements.get('astro-island'))}`,
        idle,
        `scripts: ${scripts.join('; ') || 'none'}`,
      ].join('\n');
    }, component)
    .catch((error: unknown) => `the page could not be read: ${String(error)}`);
}

/** Waits until the islands named have hydrated (Astro drops their `ssr` attribute). */
export async function hydrated(page: Page, ...components: string[]) {
  // Islands hydrated `client:idle` wait for the browser's first idle moment, 1.5 s at most
  // (src/lib/hydration.ts), then for their scripts: a machine busy starting the run's servers and
  // both workers' browsers has been seen to take past the usual 7 s.
  for (const component of components) {
    const island = page.locator(`astro-island[component-url*="${component}"]`).first();
    try {
      await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 20_000 });
    } catch (error) {
      const said = (await page.consoleMessages())
        .filter((message) => message.type() === 'error' || message.type() === 'warning')
        .map((message) => `console ${message.type()}: ${message.text()}`);
      const errors = (await page.pageErrors()).map((thrown) => `page error: ${thrown.message}`);
      const why = [await whyNotHydrated(page, component), ...said, ...errors].join('\n');
      throw new Error(`The ${component} island did not hydrate in 20 s.\n${why}`, {
        cause: error,
      });
    }
  }
}

/** axe's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Only violations are read: axe then describes one node of each passed or inapplicable rule
    // instead of every one (a selector each). And axe runs in the page itself (the pages have no
    // frames to gather): the default opens a blank page to merge the frames' results. A scan of
    // /faq took 1.7–2.4 s, now 0.65–0.75 s (issue 37 point 6).
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * Signs a customer in as the login form does when it succeeds (POST /api/auth/login: the refresh
 * cookie in the browser's context, the token and the user in storage), then opens `next` (null: the next page the test opens). For
 * tests whose task is not signing in: the login page itself is driven in account.spec.ts,
 * accessibility.spec.ts, admin.spec.ts and the privacy spec.
 */
export async function signedIn(
  page: Page,
  username: string,
  password: string,
  next: string | null = '/',
) {
  const answer = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { token, user } = (await answer.json()) as { token: string; user: unknown };
  // Once per tab, before the first page's scripts, as signIn() in src/stores/auth.ts stores them.
  await page.addInitScript(
    ([jwt, auth]) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      localStorage.setItem('JWT', jwt);
      localStorage.setItem('auth', auth);
      sessionStorage.setItem('e2e-signed-in', '1');
    },
    [token, JSON.stringify({ isLoggedIn: true, user })] as const,
  );
  if (next !== null) await page.goto(next);
}

/**
 * Headers that make an API registration come from an address of its own. Registering is limited
 * to 5 an hour per address and every test browser is 127.0.0.1; the e2e server trusts loopback as
 * a proxy (playwright.config.ts), so each registering test stands for a different shopper.
 */
export function ownAddress(): Record<string, string> {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return { 'x-forwarded-for': `198.51.${octet()}.${octet()}` };
}

/**
 * Each test of the calling file browses from an address of its own: orders are limited to 20 in
 * ten minutes per address, and a whole run's browsers are otherwise all 127.0.0.1.
 */
export function browseFromOwnAddress() {
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders(ownAddress());
  });
}
