import { describe, expect, it } from 'vitest';
import {
  ORDER_STATE,
  ORDER_STATUSES,
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
