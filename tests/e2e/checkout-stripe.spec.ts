import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { seedProductId } from '../../api/db/seed';
import { freePort } from '../helpers/free-port';

/**
 * The built server in Stripe mode (with placeholder keys; nothing here talks to Stripe: the
 * browser never opens /billing and every request to a Stripe host is blocked).
 */
const entry = `${process.env.BUILD_DIR ?? 'dist'}/serve.mjs`;
let child: ChildProcess;
let base: string;

test.beforeAll(async () => {
  // The server's public address is its own: the same-site check accepts only that origin.
  const port = await freePort();
  child = spawn('node', [entry], {
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'evergreen-stripe-')),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_placeholder',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_placeholder',
      STRIPE_WEBHOOK_SECRET: 'whsec_placeholder',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is open at http:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
  });
});

test.afterAll(async () => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

test('Stripe mode opens the CSP to Stripe Elements and has no sandbox tokeniser', async ({
  request,
}) => {
  const billing = await request.get(`${base}/billing`);
  expect(billing.status()).toBe(200);
  const csp = billing.headers()['content-security-policy']!;
  expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
  expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
  expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  const tokens = await request.post(`${base}/api/payments/sandbox/tokens`, {
    data: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
  });
  expect(tokens.status()).toBe(404);
});

test("the confirm button reads 'Place order' with a live gateway", async ({ page }) => {
  await page.route(/stripe\.com/, (route) => route.abort());
  const address = {
    line1: '400 Pine St',
    line2: '',
    city: 'Seattle',
    state: 'WA',
    zipcode: '98101',
  };
  await page.addInitScript(
    ({ cart, checkout }) => {
      localStorage.setItem('cart', cart);
      localStorage.setItem('checkout', checkout);
    },
    {
      cart: JSON.stringify([
        {
          _id: seedProductId('campfire-enamel-mug'),
          title: 'Campfire Enamel Mug',
          sku: 'EG-MUG-ENAMEL',
          price: 19,
          quantity: 1,
          supplier: 'warehouse',
          category: 'home',
        },
      ]),
      checkout: JSON.stringify({
        shippingAddress: address,
        billingAddress: address,
        guestContact: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' },
        billingInfo: {
          paymentMethodId: 'pm_card_visa',
          last4Number: '4242',
          expirationMonth: '12',
          expirationYear: '2034',
          brand: 'visa',
          stored: false,
        },
      }),
    },
  );
  await page.goto(`${base}/checkout`);
  await expect(page.locator('.totals')).toContainText('Total$20.97');
  // Stripe with test keys is still a test site (DECISIONS "The confirm button").
  await expect(
    page.getByRole('button', { name: 'This is a test site, do not click' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
});
