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
  allowedActions,
  allows,
  countsAsRevenue,
  orderKindOf,
  paid,
  shipsNothing,
  toShip,
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
