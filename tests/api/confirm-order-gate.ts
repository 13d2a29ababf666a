import { vi } from 'vitest';
import { AppError } from '../../api/lib/errors';
import type { CrashStep } from '../../api/modules/orders/faults';
import type {
  CardWallet,
  ChargeRequest,
  PaymentGateway,
  SavedMethod,
} from '../../api/modules/payments/gateway';
import { sandboxPayments } from '../../api/modules/payments/sandbox';
import type { ApiHarness } from '../helpers/api';

/**
 * The sandbox gateway, recording what the order flow asks of it (charges, refunds, lookups, the
 * wallet's customers and set-ups) and able to misbehave at a test's wish: something run before a
 * charge, the charge's answer lost after it went through, a refund that fails, no wallet, a saved
 * card the shop's table refuses. Also the flow's steps as the app's `afterOrderStep` hook sees them.
 */
export interface Gate {
  charges: ChargeRequest[];
  refunds: { reference: string; key: string; amountCents?: number }[];
  lookups: string[];
  customers: { email: string; userId: string; idempotencyKey: string }[];
  setups: { customer: string; paymentMethodId: string; idempotencyKey: string }[];
  steps: CrashStep[];
  beforeCharge?: ((orderId: string) => Promise<void>) | undefined;
  /** After the charge went through, its answer is lost (a timeout). */
  loseAnswer: boolean;
  refundFails: boolean;
  walletless: boolean;
  /** The wallet answers a card the saved-cards table cannot hold. */
  brokenSavedCard: boolean;
}

export function newGate(): Gate {
  return {
    charges: [],
    refunds: [],
    lookups: [],
    customers: [],
    setups: [],
    steps: [],
    loseAnswer: false,
    refundFails: false,
    walletless: false,
    brokenSavedCard: false,
  };
}

/** Empties the records and turns every misbehaviour off. */
export function resetGate(gate: Gate) {
  Object.assign(gate, newGate());
}

export function gatedSandbox(api: ApiHarness, gate: Gate) {
  const sandbox = sandboxPayments(api.test.database.db, 'confirm-order-gate-secret-012345678');
  const inner = sandbox.gateway;
  const wallet: CardWallet = {
    createCustomer: (input) => {
      gate.customers.push(input);
      return inner.wallet!.createCustomer(input);
    },
    async saveCard(customer, paymentMethodId, idempotencyKey) {
      gate.setups.push({ customer, paymentMethodId, idempotencyKey });
      const saved: SavedMethod = await inner.wallet!.saveCard(
        customer,
        paymentMethodId,
        idempotencyKey,
      );
      return gate.brokenSavedCard ? { ...saved, card: { ...saved.card, last4: null! } } : saved;
    },
    listCards: (customer) => inner.wallet!.listCards(customer),
    detachCard: (customer, reference) => inner.wallet!.detachCard(customer, reference),
  };
  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async charge(request) {
      gate.charges.push(request);
      if (gate.beforeCharge) await gate.beforeCharge(request.metadata!.orderId!);
      const result = await inner.charge(request);
      if (gate.loseAnswer) throw new AppError('UNAVAILABLE', 'the answer was lost');
      return result;
    },
    async refund(reference, key, amountCents) {
      gate.refunds.push({ reference, key, amountCents });
      if (gate.refundFails) throw new AppError('UNAVAILABLE', 'refunds are down');
      return inner.refund(reference, key, amountCents);
    },
    lookup(key) {
      gate.lookups.push(key);
      return inner.lookup(key);
    },
    get wallet() {
      return gate.walletless ? undefined : wallet;
    },
  };
  return {
    payments: { gateway, sandbox },
    afterOrderStep: (step: CrashStep) => void gate.steps.push(step),
  };
}

/** The error lines the API logs while `run` runs (they go to stderr whatever the log level). */
export async function errorsLoggedBy<T>(
  run: () => Promise<T>,
): Promise<{ result: T; logged: Record<string, unknown>[] }> {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const result = await run();
    const logged = spy.mock.calls.map(
      (call) => JSON.parse(String(call[0])) as Record<string, unknown>,
    );
    return { result, logged };
  } finally {
    spy.mockRestore();
  }
}
