import { expect, test, type Page, type Request } from '@playwright/test';
import { CONTACT_SUBJECTS } from '../../core/contact/model';
import { SOCIAL_LINKS } from '../../src/lib/site-links';
import { CONTACT_TEXT, STORAGE_KEYS } from '../../core/site-messages';
import { hydrated } from './support/account';
import { watchConsole } from './support/console';

const CONTACT = '**/api/contact/contact';

/*
 * The form on the served page, and a message that reaches the API. What the form shows for each
 * of the API's answers (spec §8 Contact), its checks and a signed-in shopper's form are the
 * component tests' (tests/web/components/contact-form.test.tsx).
 */

async function openForm(page: Page) {
  await page.addInitScript(
    (key) => localStorage.setItem(key, 'accepted'),
    STORAGE_KEYS.cookieConsent,
  );
  await page.goto('/contactus');
  await hydrated(page, 'ContactForm');
}

async function fill(
  page: Page,
  values: { email?: string; subject?: string; message?: string; orderNumber?: string },
) {
  if (values.email !== undefined) await page.getByLabel('Email').fill(values.email);
  if (values.subject !== undefined) await page.getByLabel('Subject').selectOption(values.subject);
  if (values.message !== undefined) await page.getByLabel('Message').fill(values.message);
  if (values.orderNumber !== undefined)
    await page.getByLabel('Order number').fill(values.orderNumber);
}

const sent = (request: Request) => request.postDataJSON() as Record<string, string>;

test('offers two social links and the five subjects', async ({ page }) => {
  await openForm(page);
  for (const { label, href } of SOCIAL_LINKS) {
    await expect(page.getByRole('link', { name: label })).toHaveAttribute('href', href);
  }
  expect(SOCIAL_LINKS).toHaveLength(2);
  await expect(page.getByLabel('Subject').locator('option:not([value=""])')).toHaveText([
    ...CONTACT_SUBJECTS,
  ]);
  expect(CONTACT_SUBJECTS).toEqual([
    'Return an item',
    'Problem with order',
    'Issue with website',
    'Product idea',
    'Other',
  ]);
});

test('a valid message is sent, the order number trimmed, and the thank-you replaces the form', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await openForm(page);
  await fill(page, {
    email: 'fern@example.com',
    subject: 'Problem with order',
    message: 'The mug arrived chipped. Could you send another one?',
    orderNumber: '   EG-1042  ',
  });
  const [request, response] = await Promise.all([
    page.waitForRequest(CONTACT),
    page.waitForResponse(CONTACT),
    page.getByRole('button', { name: 'Send message' }).click(),
  ]);
  expect(sent(request)).toEqual({
    email: 'fern@example.com',
    subject: 'Problem with order',
    message: 'The mug arrived chipped. Could you send another one?',
    orderNumber: 'EG-1042',
  });
  expect(response.status()).toBe(201);
  await expect(page.getByRole('status')).toHaveText(CONTACT_TEXT.success);
  await expect(page.getByRole('status')).toBeFocused();
  await expect(page.getByLabel('Message')).toHaveCount(0);
  expect(CONTACT_TEXT.success).toBe("Thanks for reaching out! We'll get back to you soon.");
  expect(problems).toEqual([]);
});

test('the message counts its characters against the 256 limit as they are typed', async ({
  page,
}) => {
  await openForm(page);
  const message = page.getByLabel('Message');
  const count = page.locator(`[id="${(await message.getAttribute('aria-describedby'))!}"]`);
  await expect(count).toHaveText('0 / 256 characters');
  await message.fill('Hello');
  await expect(count).toHaveText('5 / 256 characters');
  await message.fill('a'.repeat(250));
  await expect(count).toHaveText('250 / 256 characters: 6 left');
  await message.fill('a'.repeat(260));
  await expect(count).toHaveText('260 / 256 characters: 4 too many');
});
