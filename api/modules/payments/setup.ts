import { config, type Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentsSetup } from './index';
import { sandboxPayments } from './sandbox';
import { createStripeClient, stripeGateway } from './stripe';

/** The configured gateway: the offline sandbox (default) or Stripe (PAYMENT_PROVIDER=stripe). */
export function paymentsFromConfig(db: Db, settings: Config = config()): PaymentsSetup {
  const { provider, stripeSecretKey, stripeWebhookSecret } = settings.payments;
  if (provider === 'stripe' && stripeSecretKey && stripeWebhookSecret) {
    const stripe = createStripeClient(stripeSecretKey);
    return {
      gateway: stripeGateway(stripe),
      stripeWebhook: { stripe, secret: stripeWebhookSecret },
    };
  }
  const sandbox = sandboxPayments(db, settings.jwtSecret);
  return { gateway: sandbox.gateway, sandbox };
}
