import Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import { paymentDeclined, type ChargeResult, type PaymentGateway } from './gateway';
import { isAcceptedBrand, PAYMENT_MESSAGES } from './model';

/** The Stripe client as the shop uses it: a bounded timeout and the SDK's own safe retries. */
export function createStripeClient(secretKey: string, options: Stripe.StripeConfig = {}): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...options });
}

/** A card refusal from Stripe as a sentence the shopper can act on. */
function declineMessage(error: InstanceType<typeof Stripe.errors.StripeCardError>): string {
  const reason = error.decline_code || error.code;
  switch (reason) {
    case 'insufficient_funds':
      return PAYMENT_MESSAGES.insufficientFunds;
    case 'expired_card':
      return PAYMENT_MESSAGES.expired;
    case 'incorrect_cvc':
      return PAYMENT_MESSAGES.incorrectCvc;
    case 'processing_error':
      return PAYMENT_MESSAGES.processing;
    case 'authentication_required':
      return PAYMENT_MESSAGES.needsAuthentication;
    default:
      return PAYMENT_MESSAGES.declined;
  }
}

/**
 * The Stripe adapter. The browser turns the card into a PaymentMethod with Stripe Elements, so the
 * server only ever sees its id; here a PaymentIntent for the order's amount in cents is created
 * and confirmed at once, with the order's idempotency key.
 */
export function stripeGateway(stripe: Stripe): PaymentGateway {
  return {
    provider: 'stripe',
    async charge(request): Promise<ChargeResult> {
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(request.paymentMethodId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new AppError('INVALID_DATA', PAYMENT_MESSAGES.invalidPaymentMethod);
        }
        throw unavailable(error);
      }
      const card = method.card;
      if (method.type !== 'card' || !card || !isAcceptedBrand(card.brand)) {
        throw paymentDeclined(PAYMENT_MESSAGES.unsupportedBrand);
      }

      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            payment_method: method.id,
            // Cards only, confirmed here; no redirect-based methods, no return URL needed.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            description: request.description,
            metadata: { ...request.metadata, shop: 'evergreen' },
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          throw paymentDeclined(declineMessage(error));
        }
        throw unavailable(error);
      }

      const summary = {
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
      if (intent.status === 'succeeded') {
        return { reference: intent.id, status: 'paid', card: summary };
      }
      if (intent.status === 'processing') {
        return { reference: intent.id, status: 'pending', card: summary };
      }
      // requires_action (3-D Secure) and the like: nothing was taken; let go of the intent.
      await stripe.paymentIntents.cancel(intent.id).catch((error: unknown) => {
        log('error', 'stripe: could not cancel an unfinished payment', {
          paymentIntent: intent.id,
          error: String(error),
        });
      });
      throw paymentDeclined(PAYMENT_MESSAGES.needsAuthentication);
    },

    async refund(reference, idempotencyKey) {
      await stripe.refunds.create({ payment_intent: reference }, { idempotencyKey });
    },
  };
}

function unavailable(error: unknown): AppError {
  log('error', 'stripe: request failed', { error: String(error) });
  return new AppError('UNAVAILABLE', PAYMENT_MESSAGES.processing);
}
