import { expect, test, type Page, type Request } from '@playwright/test';
import {
  CONTACT_FIELD_MESSAGES as M,
  CONTACT_SUBJECTS,
  CONTACT_TOO_MANY_MESSAGES,
} from '../../core/contact/model';
import { SOCIAL_LINKS } from '../../src/lib/site-links';
import { CONTACT_TEXT, STORAGE_KEYS } from '../../core/site-messages';
import { hydrated } from './support/account';
import { watchConsole } from './support/console';

const CONTACT = '**/api/contact/contact';

/*
 * The server limits each network address to a few messages in a short time, and every test here
 * comes from 127.0.0.1: only two tests let their message reach the API; the rest answer it here.
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

test('a logged-in shopper types no email and sends none; a blank order number is left out', async ({
  page,
}) => {
  // The session here is only the browser's; account.spec.ts sends one through the real API.
  await page.route(CONTACT, (route) => route.fulfill({ status: 201, json: { _id: 'x' } }));
  await page.addInitScript(() =>
    localStorage.setItem(
      'auth',
      JSON.stringify({
        isLoggedIn: true,
        user: {
          username: 'cedar@example.com',
          firstname: 'Cedar',
          lastname: 'Grove',
          verifiedemail: true,
        },
      }),
    ),
  );
  await openForm(page);
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expect(page.getByText('We will reply to cedar@example.com.')).toBeVisible();
  await fill(page, {
    subject: 'Product idea',
    message: 'A cedar bird feeder would be lovely!',
    orderNumber: '   ',
  });
  const [request] = await Promise.all([
    page.waitForRequest(CONTACT),
    page.getByRole('button', { name: 'Send message' }).click(),
  ]);
  expect(sent(request)).toEqual({
    subject: 'Product idea',
    message: 'A cedar bird feeder would be lovely!',
  });
  await expect(page.getByRole('status')).toHaveText(CONTACT_TEXT.success);
});

test('shows the first message of each invalid field under it and sends nothing', async ({
  page,
}) => {
  let requests = 0;
  await page.route(CONTACT, (route) => {
    requests += 1;
    return route.abort();
  });
  await openForm(page);
  await fill(page, { email: 'fern@' });
  await page.getByRole('button', { name: 'Send message' }).click();

  const errorOf = async (label: string) => {
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // The message is the last description (a hint or the count may come first).
    const id = (await field.getAttribute('aria-describedby'))!.split(' ').at(-1);
    return page.locator(`[id="${id}"]`);
  };
  await expect(await errorOf('Email (optional)')).toHaveText(M.emailInvalid);
  await expect(await errorOf('Subject')).toHaveText(M.subjectRequired);
  await expect(await errorOf('Message')).toHaveText(M.messageRequired);
  await expect(page.getByLabel('Email')).toBeFocused();

  await fill(page, {
    email: 'fern@example.com',
    subject: 'Other',
    message: 'Hello <b>there</b>',
    orderNumber: 'ORDER #1',
  });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(await errorOf('Message')).toHaveText(M.messageInvalid);
  await expect(await errorOf('Order number (optional)')).toHaveText(M.orderNumberInvalid);
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');

  await fill(page, { message: 'x'.repeat(257), orderNumber: '' });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(await errorOf('Message')).toHaveText(M.messageTooLong);
  expect(requests).toBe(0);
});

test.describe('when sending fails', () => {
  const valid = { email: 'fern@example.com', subject: 'Other', message: 'Hello there' };

  test('a refused message shows the failure text and the server’s reason', async ({ page }) => {
    await page.route(CONTACT, (route) =>
      route.fulfill({
        status: 429,
        json: { error: CONTACT_TOO_MANY_MESSAGES },
      }),
    );
    await openForm(page);
    await fill(page, valid);
    await page.getByRole('button', { name: 'Send message' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(CONTACT_TEXT.failure);
    await expect(alert).toContainText(CONTACT_TOO_MANY_MESSAGES);
    expect(CONTACT_TEXT.failure).toBe('There was a problem submitting the form.');
    await expect(page.getByLabel('Message')).toHaveValue('Hello there');
  });

  test('a server error shows the failure text', async ({ page }) => {
    await page.route(CONTACT, (route) => route.fulfill({ status: 500, body: 'oops' }));
    await openForm(page);
    await fill(page, valid);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveText(CONTACT_TEXT.failure);
  });

  test('a network error shows its own text', async ({ page }) => {
    await page.route(CONTACT, (route) => route.abort('internetdisconnected'));
    await openForm(page);
    await fill(page, valid);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveText(CONTACT_TEXT.networkError);
    expect(CONTACT_TEXT.networkError).toBe('Network error submitting the form.');
  });
});

test('a guest may leave the email out, and is told the shop then cannot answer', async ({
  page,
}) => {
  const bodies: Record<string, string>[] = [];
  await page.route(CONTACT, (route) => {
    bodies.push(sent(route.request()));
    return route.fulfill({ status: 201, json: { _id: 'x' } });
  });
  await openForm(page);
  const email = page.getByLabel('Email (optional)');
  await expect(email).toBeVisible();
  await expect(page.getByText(M.emailOptional)).toBeVisible();
  await fill(page, { subject: 'Product idea', message: 'A cedar bird feeder, please.' });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(CONTACT_TEXT.success)).toBeVisible();
  expect(bodies).toEqual([{ subject: 'Product idea', message: 'A cedar bird feeder, please.' }]);
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
