import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import type { RateLimitPlugin, RateRule } from '../../plugins/rate-limit';
import { sameSiteJson } from '../../plugins/same-site-json';
import type { PaymentGateway } from './gateway';
import { sandboxTokenRequest } from '../../../core/payments/model';
import type { SandboxPayments } from './sandbox';
import { handleStripeWebhook, type StripeWebhookSettings, type WebhookEffects } from './webhook';
import { shopDetails } from '../mail';

/** The payment set-up of the app: the gateway, and the sandbox or Stripe extras that go with it. */
export interface PaymentsSetup {
  gateway: PaymentGateway;
  sandbox?: SandboxPayments;
  stripeWebhook?: StripeWebhookSettings;
}

/**
 * Payment routes. With the sandbox: POST /payments/sandbox/tokens, the only place a (test) card
 * number is sent. With Stripe: POST /payments/stripe/webhook, which Stripe calls (so it is exempt
 * from the same-site check and reads the raw body for the signature).
 */
/** Sandbox card tokens: per network address (a token is one try of a card number). */
export const SANDBOX_TOKEN_RULES: readonly RateRule[] = [
  {
    name: 'payments.sandbox-token.ip',
    limit: 30,
    windowSeconds: 10 * 60,
    key: ({ ip }) => ip,
    message: 'Too many card entries. Please wait a few minutes before trying again.',
  },
];

export const paymentsModule = (
  db: Db,
  setup: PaymentsSetup,
  limits: RateLimitPlugin,
  effects: WebhookEffects = { shop: shopDetails() },
) => {
  const module = new Elysia({ name: 'payments', prefix: '/payments' });
  const { sandbox, stripeWebhook } = setup;

  const tokens = new Elysia({ name: 'payments-sandbox' })
    .use(sameSiteJson)
    .use(limits)
    .post('/sandbox/tokens', ({ body }) => sandbox!.tokenise(body), {
      body: sandboxTokenRequest,
      rateLimit: SANDBOX_TOKEN_RULES,
    });

  const webhook = new Elysia({ name: 'payments-stripe-webhook' }).post(
    '/stripe/webhook',
    async ({ body, request }) => {
      const outcome = await handleStripeWebhook(
        db,
        stripeWebhook!,
        String(body),
        request.headers.get('stripe-signature'),
        effects,
      );
      return { received: true, outcome };
    },
    { parse: 'text' },
  );

  return module.use(sandbox ? tokens : new Elysia()).use(stripeWebhook ? webhook : new Elysia());
};

// The public face (issue 37 point 1): what other modules may use.
export type {
  CardWallet,
  ChargeResult,
  PaymentGateway,
  PaymentProvider,
  SavedMethod,
} from './gateway';
export { paymentsFromConfig } from './setup';
