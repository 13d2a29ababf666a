import { describe, expect, it } from 'vitest';
import { isDigitalOnly, shipsNothing as cartShipsNothing } from '../../core/cart/rules';
import { returnExclusion, RETURN_EXCLUSIONS } from '../../core/orders/returns';
import { PRODUCT_KINDS, type ProductKind } from '../../core/product/kind';
import { lineTaxCents } from '../../core/tax/line-tax';
import { customerMayCancel, paidOrderState } from '../../api/modules/orders/digital-delivery';
import {
  ORDER_KINDS,
  ORDER_STATE,
  ORDER_STATUSES,
  PAID_STATES,
  REVENUE_STATES,
  CLOSING_STATES,
  CUSTOMER_VISIBLE_STATES,
  UNPAID_STATES,
  allowedActions,
  allows,
  countsAsRevenue,
  hasDownloads,
  orderKindOf,
  paid,
  shipsNothing,
  shipsSomething,
  statesAllowing,
  toShip,
  type OrderKind,
  type OrderStatus,
} from '../../core/orders/lifecycle';

describe('the order lifecycle', () => {
  it('names every state once, by its camel-cased name', () => {
    expect(Object.values(ORDER_STATE).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATE.pendingPayment).toBe('pending_payment');
    expect(ORDER_STATE.refundFailed).toBe('refund_failed');
  });

  it("reads an order's kind from its lines' kinds", () => {
    expect(orderKindOf([{ kind: 'goods' }])).toBe('parcels');
    expect(orderKindOf([{ kind: 'goods' }, { kind: 'gift_card' }])).toBe('mixed');
    expect(orderKindOf([{ kind: 'digital' }])).toBe('digital_only');
    expect(orderKindOf([{ kind: 'gift_card' }, { kind: 'gift_card' }])).toBe('gift_cards_only');
    expect(orderKindOf([{ kind: 'digital' }, { kind: 'gift_card' }])).toBe('emailed_only');
    expect(shipsNothing('mixed')).toBe(false);
    expect(shipsNothing('emailed_only')).toBe(true);
  });

  it('ships only paid, unfulfilled orders with a parcel', () => {
    expect(toShip('unfulfilled', 'parcels')).toBe(true);
    expect(toShip('unfulfilled', 'gift_cards_only')).toBe(false);
    expect(toShip('pending_payment', 'parcels')).toBe(false);
    expect(allows('shipped', 'parcels', 'cancel')).toBe(false);
  });

  it('counts a sale as revenue until it is canceled', () => {
    expect(paid('pending_payment')).toBe(false);
    expect(paid('canceled')).toBe(true);
    expect(countsAsRevenue('canceled')).toBe(false);
    expect(countsAsRevenue('delivered')).toBe(true);
  });
});

/** Every non-empty set of line kinds, as lines (one line of each). */
const LINE_SETS: { kind: ProductKind }[][] = [1, 2, 3, 4, 5, 6, 7].map((mask) =>
  PRODUCT_KINDS.filter((_, bit) => mask & (1 << bit)).map((kind) => ({ kind })),
);

describe('the lifecycle as its users read it (issue 35 point 5)', () => {
  it('the cart and the order agree on "nothing to ship" and "digital only" for every set of kinds', () => {
    for (const lines of LINE_SETS) {
      const kind = orderKindOf(lines);
      expect(cartShipsNothing(lines), JSON.stringify(lines)).toBe(shipsNothing(kind));
      expect(isDigitalOnly(lines), JSON.stringify(lines)).toBe(kind === 'digital_only');
    }
    // A gift-card-only order ships nothing (the two answers once disagreed).
    expect(cartShipsNothing([{ kind: 'gift_card' }])).toBe(true);
  });

  it('a paid order that ships nothing is delivered at once; one with a parcel waits to ship', () => {
    for (const lines of LINE_SETS) {
      const state = paidOrderState(lines, 'paid').shippingStatus;
      expect(state).toBe(shipsNothing(orderKindOf(lines)) ? 'delivered' : 'unfulfilled');
      // A payment still settling never delivers anything.
      expect(paidOrderState(lines, 'pending').shippingStatus).toBe('unfulfilled');
    }
  });

  it("the customer's cancel button follows the table for every state and kind", () => {
    for (const lines of LINE_SETS) {
      const kind = orderKindOf(lines);
      for (const status of ORDER_STATUSES) {
        const allowed = allows(status, kind, 'cancel');
        expect(customerMayCancel({ shippingStatus: status }, lines, false)).toBe(allowed);
        // A download ends the cancel, except one already under way.
        const underWay = status === 'canceling' || status === 'refund_failed';
        expect(customerMayCancel({ shippingStatus: status }, lines, true)).toBe(
          allowed && underWay,
        );
      }
    }
  });

  it('paid and revenue are one list each: revenue is paid and not closing', () => {
    expect(PAID_STATES).toEqual(ORDER_STATUSES.filter(paid));
    expect(REVENUE_STATES).toEqual(['unfulfilled', 'shipped', 'delivered']);
    for (const status of ORDER_STATUSES) {
      if (countsAsRevenue(status)) expect(paid(status)).toBe(true);
      // Nothing can be done to an unpaid order, of any kind.
      if (!paid(status)) {
        for (const kind of ORDER_KINDS) expect(allowedActions(status, kind)).toEqual([]);
      }
    }
  });

  it('whether a line comes back is read from its kind, never its title', () => {
    const line = (kind: ProductKind, title: string) => ({ kind, title, unitPriceCents: 5000 });
    expect(returnExclusion(line('gift_card', 'Evergreen Present'))).toBe(
      RETURN_EXCLUSIONS.giftCard,
    );
    expect(returnExclusion(line('goods', 'Gift Card Wallet'))).toBeNull();
    expect(returnExclusion(line('digital', 'Hoodie'))).toBe(RETURN_EXCLUSIONS.digital);
  });

  it("lines' tax adds up to the order's tax, to the cent, and an exempt line has none", () => {
    const rate = 102_500; // 10.25 %
    const lines = [
      { netCents: 1999, taxed: true },
      { netCents: 2500, taxed: false },
      { netCents: 3333, taxed: true },
      { netCents: 1, taxed: true },
    ];
    const orderTax = Math.round(((1999 + 3333 + 1) * rate) / 1_000_000);
    const shares = lineTaxCents(lines, orderTax, rate);
    expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(orderTax);
    expect(shares[1]).toBe(0);
    shares.forEach((cents, index) => {
      const exact = (lines[index]!.taxed ? lines[index]!.netCents * rate : 0) / 1_000_000;
      expect(Math.abs(cents - exact)).toBeLessThan(1);
    });
  });
});

/*
 * The decision table of issue 35 point 5, written out as the shop's rules say it: what an owner
 * or a customer may do to an order in each state, for each kind of order. The back office shows
 * only these buttons and the server refuses anything else, so a cell that changes is a change of
 * the shop's rules, made here on purpose.
 */
const NOTHING = '';
const CLOSING = 'cancel retry_refund';
const TABLE: Record<OrderStatus, Record<OrderKind, string>> = {
  pending_payment: {
    parcels: NOTHING,
    mixed: NOTHING,
    digital_only: NOTHING,
    gift_cards_only: NOTHING,
    emailed_only: NOTHING,
  },
  payment_failed: {
    parcels: NOTHING,
    mixed: NOTHING,
    digital_only: NOTHING,
    gift_cards_only: NOTHING,
    emailed_only: NOTHING,
  },
  abandoned: {
    parcels: NOTHING,
    mixed: NOTHING,
    digital_only: NOTHING,
    gift_cards_only: NOTHING,
    emailed_only: NOTHING,
  },
  unfulfilled: {
    parcels: 'ship cancel shop_cancel refund',
    mixed: 'ship cancel shop_cancel refund download',
    // A paid digital-only order is delivered at once; while its payment settles, nothing.
    digital_only: NOTHING,
    gift_cards_only: 'cancel shop_cancel refund',
    emailed_only: 'cancel shop_cancel refund download',
  },
  shipped: {
    parcels: 'deliver refund',
    mixed: 'deliver refund download',
    digital_only: NOTHING,
    gift_cards_only: NOTHING,
    emailed_only: NOTHING,
  },
  delivered: {
    parcels: 'refund return',
    mixed: 'refund return download',
    digital_only: 'cancel shop_cancel refund download',
    gift_cards_only: 'refund',
    emailed_only: 'refund download',
  },
  canceling: {
    parcels: CLOSING,
    mixed: CLOSING,
    digital_only: CLOSING,
    gift_cards_only: CLOSING,
    emailed_only: CLOSING,
  },
  refund_failed: {
    parcels: CLOSING,
    mixed: CLOSING,
    digital_only: CLOSING,
    gift_cards_only: CLOSING,
    emailed_only: CLOSING,
  },
  canceled: {
    parcels: NOTHING,
    mixed: NOTHING,
    digital_only: NOTHING,
    gift_cards_only: NOTHING,
    emailed_only: NOTHING,
  },
};

describe("the lifecycle's table, state by state and kind by kind", () => {
  it('allows exactly the actions of the shop rules in every state, for every kind', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) {
      for (const kind of ORDER_KINDS) {
        const expected = TABLE[status][kind].split(' ').filter(Boolean);
        expect(allowedActions(status, kind), `${status} ${kind}`).toEqual(expected);
        for (const action of expected) expect(allows(status, kind, action as never)).toBe(true);
      }
    }
  });

  it('lists the states that allow an action, for one kind or for any', () => {
    expect(statesAllowing('ship')).toEqual(['unfulfilled']);
    expect(statesAllowing('deliver')).toEqual(['shipped']);
    expect(statesAllowing('return')).toEqual(['delivered']);
    expect(statesAllowing('retry_refund')).toEqual(['canceling', 'refund_failed']);
    expect(statesAllowing('cancel')).toEqual([
      'unfulfilled',
      'delivered',
      'canceling',
      'refund_failed',
    ]);
    expect(statesAllowing('download')).toEqual(['unfulfilled', 'shipped', 'delivered']);
    expect(statesAllowing('download', 'digital_only')).toEqual(['delivered']);
    expect(statesAllowing('cancel', 'parcels')).toEqual([
      'unfulfilled',
      'canceling',
      'refund_failed',
    ]);
    expect(statesAllowing('ship', 'emailed_only')).toEqual([]);
  });

  it('says which kinds ship a parcel and which have a file to download', () => {
    const ships = ORDER_KINDS.filter(shipsSomething);
    expect(ships).toEqual(['parcels', 'mixed']);
    expect(ORDER_KINDS.filter(shipsNothing)).toEqual([
      'digital_only',
      'gift_cards_only',
      'emailed_only',
    ]);
    expect(ORDER_KINDS.filter(hasDownloads)).toEqual(['mixed', 'digital_only', 'emailed_only']);
    // The table agrees: a kind ships only if it may be shipped, downloads only if it may download.
    for (const kind of ORDER_KINDS) {
      expect(statesAllowing('ship', kind).length > 0).toBe(shipsSomething(kind));
      expect(statesAllowing('download', kind).length > 0).toBe(hasDownloads(kind));
    }
  });

  it('splits the states into unpaid, revenue and closing, and shows customers the paid ones', () => {
    expect(UNPAID_STATES).toEqual(['pending_payment', 'payment_failed', 'abandoned']);
    expect(PAID_STATES).toEqual([
      'unfulfilled',
      'shipped',
      'delivered',
      'canceled',
      'canceling',
      'refund_failed',
    ]);
    expect(CLOSING_STATES).toEqual(['canceling', 'refund_failed', 'canceled']);
    expect(CUSTOMER_VISIBLE_STATES).toEqual(PAID_STATES);
    for (const status of ORDER_STATUSES) {
      expect(paid(status), status).toBe(!UNPAID_STATES.includes(status));
      expect(countsAsRevenue(status), status).toBe(
        paid(status) && !CLOSING_STATES.includes(status),
      );
    }
    expect(toShip('unfulfilled', 'mixed')).toBe(true);
    expect(toShip('shipped', 'mixed')).toBe(false);
  });
});
