import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createStripeClient } from '../../api/modules/payments/stripe';

/**
 * A local HTTP server that answers like Stripe's API for the calls the shop makes (retrieve a
 * PaymentMethod, create and confirm a PaymentIntent with an idempotency key, cancel one, refund
 * one, search PaymentIntents by metadata), so the real `stripe` SDK can be pointed at it with
 * `host`, `port` and `protocol`.
 *
 * PaymentMethod ids follow Stripe's test ids: pm_card_visa, pm_card_mastercard, pm_card_amex,
 * pm_card_discover, pm_card_jcb (a brand the shop refuses), pm_card_chargeDeclined,
 * pm_card_chargeDeclinedInsufficientFunds, pm_card_authenticationRequired; pm_card_processing
 * leaves the payment processing (settled later by webhook).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: URLSearchParams;
}

const CARDS: Record<string, { brand: string; last4: string; outcome?: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_discover: { brand: 'discover', last4: '1117' },
  pm_card_jcb: { brand: 'jcb', last4: '0000' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'insufficient_funds',
  },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    outcome: 'authentication_required',
  },
  pm_card_processing: { brand: 'visa', last4: '4242', outcome: 'processing' },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Saved cards: a SetupIntent confirmed with a test PaymentMethod for a customer makes a new
 * PaymentMethod (as Stripe clones its test ids) attached to that customer; detaching is for good.
 */
interface SavedPm {
  card: (typeof CARDS)[string];
  customer: string | null;
  detached: boolean;
}

function paymentMethod(pmId: string, saved?: SavedPm) {
  const card = saved?.card ?? CARDS[pmId]!;
  return {
    id: pmId,
    object: 'payment_method',
    type: 'card',
    customer: saved?.customer ?? null,
    card: {
      brand: card.brand,
      last4: card.last4,
      exp_month: 12,
      exp_year: 2034,
      funding: 'credit',
    },
    livemode: false,
  };
}

const missing = (message: string, param?: string) => ({
  status: 400,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      ...(param ? { param } : {}),
      message,
    },
  },
});

function send(res: ServerResponse, status: number, body: unknown, requestId = id('req')) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId });
  res.end(JSON.stringify(body));
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

export interface StripeStandIn {
  port: number;
  requests: RecordedRequest[];
  intents: Map<string, Record<string, unknown>>;
  refunds: Record<string, unknown>[];
  /** Customers made, by id. */
  customers: Map<string, Record<string, unknown>>;
  /** Saved (cloned) PaymentMethods, by id. */
  savedMethods: Map<string, SavedPm>;
  /** true: the next detach answers 500 (a provider failure). */
  failDetach: boolean;
  /** The real SDK, pointed at this server. */
  client(): Stripe;
  close(): Promise<void>;
}

export async function startStripeStandIn(secretKey = 'sk_test_standin'): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const refunds: Record<string, unknown>[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const savedMethods = new Map<string, SavedPm>();
  const state = { failDetach: false };
  /** Idempotency-Key → the first answer, replayed as Stripe does. */
  const replies = new Map<string, { status: number; body: unknown }>();

  function createSetupIntent(form: URLSearchParams): { status: number; body: unknown } {
    const pmId = form.get('payment_method') ?? '';
    const customer = form.get('customer') ?? '';
    const card = CARDS[pmId];
    if (!card) return missing(`No such PaymentMethod: '${pmId}'`, 'payment_method');
    if (!customers.has(customer)) return missing(`No such customer: '${customer}'`, 'customer');
    const setupIntent: Record<string, unknown> = {
      id: id('seti'),
      object: 'setup_intent',
      customer,
      usage: form.get('usage') ?? 'off_session',
      status: 'succeeded',
      livemode: false,
    };
    if (card.outcome && card.outcome !== 'processing') {
      setupIntent.status = 'requires_payment_method';
      const declined = card.outcome !== 'authentication_required';
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: declined ? 'card_declined' : 'authentication_required',
            ...(declined ? { decline_code: card.outcome } : {}),
            message: 'Your card was declined.',
            setup_intent: setupIntent,
          },
        },
      };
    }
    const saved = id('pm');
    savedMethods.set(saved, { card, customer, detached: false });
    setupIntent.payment_method = saved;
    return { status: 200, body: setupIntent };
  }

  function createIntent(form: URLSearchParams): { status: number; body: unknown } {
    const pmId = form.get('payment_method') ?? '';
    const saved = savedMethods.get(pmId);
    // A saved card pays only with its own customer, never once detached (as Stripe refuses).
    if (saved && (saved.detached || saved.customer !== form.get('customer'))) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_method_unexpected_state',
            param: 'payment_method',
            message: saved.detached
              ? 'The PaymentMethod was detached and cannot be used.'
              : 'The provided PaymentMethod belongs to another Customer.',
          },
        },
      };
    }
    const card = saved?.card ?? CARDS[pmId];
    if (!card) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_method',
            message: `No such PaymentMethod: '${pmId}'`,
          },
        },
      };
    }
    const intent: Record<string, unknown> = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency'),
      payment_method: pmId,
      customer: form.get('customer'),
      off_session: form.get('off_session') === 'true',
      description: form.get('description'),
      metadata: metadataOf(form),
      status: 'succeeded',
      livemode: false,
    };
    intents.set(intent.id as string, intent);
    if (card.outcome === 'processing') {
      intent.status = 'processing';
      return { status: 200, body: intent };
    }
    if (card.outcome) {
      intent.status = 'requires_payment_method';
      const declined = card.outcome !== 'authentication_required';
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: declined ? 'card_declined' : 'authentication_required',
            ...(declined ? { decline_code: card.outcome } : {}),
            message: declined ? 'Your card was declined.' : 'Your card requires authentication.',
            payment_intent: intent,
          },
        },
      };
    }
    return { status: 200, body: intent };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      authorization: req.headers.authorization,
      form: new URLSearchParams(raw),
    };
    requests.push(record);

    if (record.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const replayKey =
      record.idempotencyKey && `${record.method} ${record.path} ${record.idempotencyKey}`;
    if (replayKey && replies.has(replayKey)) {
      const reply = replies.get(replayKey)!;
      res.setHeader('idempotent-replayed', 'true');
      return send(res, reply.status, reply.body);
    }

    let reply: { status: number; body: unknown };
    const pm = /^\/v1\/payment_methods\/([^/]+)$/.exec(url.pathname);
    const search =
      record.method === 'GET' && url.pathname === '/v1/payment_intents/search'
        ? /^metadata\['([^']+)'\]:'([^']*)'$/.exec(url.searchParams.get('query') ?? '')
        : null;
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    const customerMethods = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(url.pathname);
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(url.pathname);
    if (record.method === 'POST' && url.pathname === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: record.form.get('email'),
        metadata: metadataOf(record.form),
        livemode: false,
      };
      customers.set(customer.id, customer);
      reply = { status: 200, body: customer };
    } else if (record.method === 'POST' && url.pathname === '/v1/setup_intents') {
      reply = createSetupIntent(record.form);
    } else if (record.method === 'GET' && customerMethods) {
      const customer = customerMethods[1]!;
      reply = customers.has(customer)
        ? {
            status: 200,
            body: {
              object: 'list',
              data: [...savedMethods.entries()]
                .filter(([, saved]) => saved.customer === customer && !saved.detached)
                .map(([pmId, saved]) => paymentMethod(pmId, saved)),
              has_more: false,
              url: url.pathname,
            },
          }
        : missing(`No such customer: '${customer}'`);
    } else if (record.method === 'POST' && detach) {
      const saved = savedMethods.get(detach[1]!);
      if (state.failDetach) {
        state.failDetach = false;
        reply = {
          status: 500,
          body: { error: { type: 'api_error', message: 'Stand-in failure.' } },
        };
      } else if (!saved || saved.detached || !saved.customer) {
        reply = {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_method_unexpected_state',
              message: 'The payment method you provided is not attached to a customer.',
            },
          },
        };
      } else {
        saved.detached = true;
        saved.customer = null;
        reply = { status: 200, body: paymentMethod(detach[1]!, saved) };
      }
    } else if (search) {
      // Stripe's search, for the one form the shop uses: metadata['key']:'value'.
      const data = [...intents.values()].filter(
        (intent) => (intent.metadata as Record<string, string>)[search[1]!] === search[2],
      );
      reply = {
        status: 200,
        body: {
          object: 'search_result',
          data,
          has_more: false,
          next_page: null,
          url: url.pathname,
        },
      };
    } else if (record.method === 'GET' && pm) {
      reply = savedMethods.has(pm[1]!)
        ? { status: 200, body: paymentMethod(pm[1]!, savedMethods.get(pm[1]!)) }
        : CARDS[pm[1]!]
          ? { status: 200, body: paymentMethod(pm[1]!) }
          : {
              status: 404,
              body: {
                error: {
                  type: 'invalid_request_error',
                  code: 'resource_missing',
                  message: `No such PaymentMethod: '${pm[1]}'`,
                },
              },
            };
    } else if (record.method === 'POST' && url.pathname === '/v1/payment_intents') {
      reply = createIntent(record.form);
    } else if (record.method === 'POST' && cancel && intents.has(cancel[1]!)) {
      const intent = intents.get(cancel[1]!)!;
      intent.status = 'canceled';
      reply = { status: 200, body: intent };
    } else if (record.method === 'POST' && url.pathname === '/v1/refunds') {
      const refund = {
        id: id('re'),
        object: 'refund',
        payment_intent: record.form.get('payment_intent'),
        status: 'succeeded',
      };
      refunds.push(refund);
      reply = { status: 200, body: refund };
    } else {
      reply = {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } },
      };
    }
    if (replayKey) replies.set(replayKey, reply);
    send(res, reply.status, reply.body);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: { message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    requests,
    intents,
    refunds,
    customers,
    savedMethods,
    get failDetach() {
      return state.failDetach;
    },
    set failDetach(value: boolean) {
      state.failDetach = value;
    },
    client: () =>
      createStripeClient(secretKey, {
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: 0,
        telemetry: false,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
