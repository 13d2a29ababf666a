import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { copyOfPreparedDataDir } from '../helpers/data-dir';
import { freePort } from '../helpers/free-port';

/**
 * The built server in Stripe mode (with placeholder keys; nothing here talks to Stripe). The
 * confirm button's label in each mode is the component tests' (review-order.test.tsx).
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
      DATA_DIR: copyOfPreparedDataDir('evergreen-stripe-'),
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
