import Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import { log } from '../../lib/log';
import {
  paymentDeclined,
  type CardWallet,
  type ChargeLookup,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
  type SavedMethod,
} from './gateway';
import { isAcceptedBrand, PAYMENT_MESSAGES } from '../../../core/payments/model';

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

/** The shopper's card method, refused unless it is a card of a brand the shop accepts. */
async function acceptedCard(stripe: Stripe, paymentMethodId: string) {
  let method: Stripe.PaymentMethod;
  try {
    method = await stripe.paymentMethods.retrieve(paymentMethodId);
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
  return { method, card, brand: card.brand };
}

/**
 * Why confirming a payment or a saved card failed: the card's decline, a request refused as such
 * (a stored card detached, or another customer's: nothing charged), or the gateway unreachable.
 */
function confirmationRefused(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeCardError) return paymentDeclined(declineMessage(error));
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new AppError('INVALID_DATA', PAYMENT_MESSAGES.invalidPaymentMethod);
  }
  return unavailable(error);
}

/**
 * The Stripe adapter. The browser turns the card into a PaymentMethod with Stripe Elements, so the
 * server only ever sees its id; here a PaymentIntent for the order's amount in cents is created
 * and confirmed at once, with the order's idempotency key.
 */
export function stripeGateway(stripe: Stripe): PaymentGateway {
  return {
    provider: 'stripe',
    wallet: stripeWallet(stripe),
    charge: (request) => chargeWithStripe(stripe, request),

    async refund(reference, idempotencyKey, amountCents) {
      const refund = await stripe.refunds.create(
        amountCents === undefined
          ? { payment_intent: reference }
          : { payment_intent: reference, amount: amountCents },
        { idempotencyKey },
      );
      return { reference: refund.id };
    },

    lookup: (idempotencyKey) => lookUpCharge(stripe, idempotencyKey),
  };
}

/** A PaymentIntent for the order, created and confirmed at once with its idempotency key. */
async function chargeWithStripe(stripe: Stripe, request: ChargeRequest): Promise<ChargeResult> {
  const { method, card, brand } = await acceptedCard(stripe, request.paymentMethodId);

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
        // A stored card: charged with its customer, the shopper not present to authenticate.
        ...(request.customer ? { customer: request.customer } : {}),
        ...(request.offSession ? { off_session: true } : {}),
        description: request.description,
        metadata: { ...request.metadata, shop: 'evergreen' },
      },
      { idempotencyKey: request.idempotencyKey },
    );
  } catch (error) {
    throw confirmationRefused(error);
  }

  const summary = {
    brand,
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
}

/**
 * Finds the PaymentIntent made with this key by its `chargeKey` metadata (Stripe keeps no
 * index of idempotency keys). Search is eventually consistent (about a minute), which is why
 * recovery only asks about orders minutes old.
 */
async function lookUpCharge(stripe: Stripe, idempotencyKey: string): Promise<ChargeLookup> {
  let found: Stripe.PaymentIntent[];
  try {
    const result = await stripe.paymentIntents.search({
      query: `metadata['chargeKey']:'${idempotencyKey.replace(/[^A-Za-z0-9_-]/g, '')}'`,
    });
    found = result.data;
  } catch (error) {
    throw unavailable(error);
  }
  const intent =
    found.find((row) => row.status === 'succeeded') ??
    found.find((row) => row.status === 'processing');
  if (!intent) return { kind: 'not_charged' };
  const methodId =
    typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  const method = methodId ? await stripe.paymentMethods.retrieve(methodId) : undefined;
  const card = method?.card;
  return {
    kind: 'charged',
    charge: {
      reference: intent.id,
      status: intent.status === 'succeeded' ? 'paid' : 'pending',
      card: {
        brand: card && isAcceptedBrand(card.brand) ? card.brand : 'visa',
        last4: card?.last4 ?? '0000',
        expMonth: card?.exp_month ?? 1,
        expYear: card?.exp_year ?? 2000,
      },
    },
  };
}

function toSavedMethod(method: Stripe.PaymentMethod): SavedMethod {
  const card = method.card!;
  return {
    reference: method.id,
    card: {
      brand: isAcceptedBrand(card.brand) ? card.brand : 'visa',
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
    },
  };
}

/**
 * Stored cards with Stripe: one Customer per user; a SetupIntent confirmed with the card the
 * shopper just entered attaches it to that Customer for later off-session charges;
 * `customers.listPaymentMethods` lists them and `paymentMethods.detach` removes one for good.
 */
export function stripeWallet(stripe: Stripe): CardWallet {
  return {
    async createCustomer({ email, userId, idempotencyKey }) {
      try {
        const customer = await stripe.customers.create(
          { email, metadata: { userId, shop: 'evergreen' } },
          { idempotencyKey },
        );
        return customer.id;
      } catch (error) {
        throw unavailable(error);
      }
    },
    async saveCard(customer, paymentMethodId, idempotencyKey) {
      await acceptedCard(stripe, paymentMethodId);
      let setup: Stripe.SetupIntent;
      try {
        setup = await stripe.setupIntents.create(
          {
            customer,
            payment_method: paymentMethodId,
            usage: 'off_session',
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        );
      } catch (error) {
        throw confirmationRefused(error);
      }
      if (setup.status !== 'succeeded' || !setup.payment_method) {
        throw paymentDeclined(PAYMENT_MESSAGES.needsAuthentication);
      }
      const savedId =
        typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method.id;
      try {
        return toSavedMethod(await stripe.paymentMethods.retrieve(savedId));
      } catch (error) {
        throw unavailable(error);
      }
    },
    async listCards(customer) {
      try {
        const methods = await stripe.customers.listPaymentMethods(customer, {
          type: 'card',
          limit: 100,
        });
        return methods.data.filter((method) => method.card).map(toSavedMethod);
      } catch (error) {
        throw unavailable(error);
      }
    },
    async detachCard(customer, reference) {
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(reference);
      } catch (error) {
        throw unavailable(error);
      }
      const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
      if (owner !== customer) {
        throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.invalidPaymentMethod);
      }
      try {
        await stripe.paymentMethods.detach(reference);
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}

function unavailable(error: unknown): AppError {
  log('error', 'stripe: request failed', { error: String(error) });
  return new AppError('UNAVAILABLE', PAYMENT_MESSAGES.processing);
}
