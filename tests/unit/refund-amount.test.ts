import { describe, expect, it } from 'vitest';
import { refundAmount } from '../../core/admin/refund-amount';
import { paymentState } from '../../core/admin/order-money';

// Two mugs at $24.00 and a bowl at $19.00, at 10.35%: the order's tax is rounded once on $67.00
// ($6.93) and spread over the lines, each keeping its own: $4.97 (496.8) and $1.96 (196.65).
const lines = [
  { id: 'mug', quantity: 2, unitPriceCents: 2400, taxCents: 497, refundedQuantity: 0 },
  { id: 'bowl', quantity: 1, unitPriceCents: 1900, taxCents: 196, refundedQuantity: 0 },
];
const PAID = 6700 + 693;

describe('refundAmount: what a return’s refund gives back', () => {
  it('gives back each chosen line with its share of the line’s own tax while units stay unrefunded', () => {
    expect(refundAmount(lines, [{ orderItemId: 'mug', quantity: 2 }], PAID, 0)).toEqual({
      amountCents: 5297,
      taxCents: 497,
      lines: [{ orderItemId: 'mug', quantity: 2, amountCents: 5297 }],
    });
    // One mug: round(497 / 2) = 249; the other then gives back the 248 left of the line's tax.
    const first = refundAmount(lines, [{ orderItemId: 'mug', quantity: 1 }], PAID, 0);
    expect(first).toMatchObject({ amountCents: 2649, taxCents: 249 });
    const after = lines.map((line) =>
      line.id === 'mug' ? { ...line, refundedQuantity: 1 } : line,
    );
    const second = refundAmount(after, [{ orderItemId: 'mug', quantity: 1 }], PAID, 2649);
    expect(second).toMatchObject({ amountCents: 2648, taxCents: 248 });
    expect(first.taxCents + second.taxCents).toBe(497);
  });

  it('gives back the rest of the payment with the last units, to the cent', () => {
    const after = lines.map((line) =>
      line.id === 'mug' ? { ...line, refundedQuantity: 2 } : line,
    );
    expect(refundAmount(after, [{ orderItemId: 'bowl', quantity: 1 }], PAID, 5297)).toEqual({
      amountCents: PAID - 5297,
      taxCents: 196,
      lines: [{ orderItemId: 'bowl', quantity: 1, amountCents: PAID - 5297 }],
    });
    // All at once: the same total as what was paid, and the order's whole tax.
    const all = refundAmount(
      lines,
      [
        { orderItemId: 'mug', quantity: 2 },
        { orderItemId: 'bowl', quantity: 1 },
      ],
      PAID,
      0,
    );
    expect(all.amountCents).toBe(PAID);
    expect(all.taxCents).toBe(693);
    expect(all.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(PAID);
    // A cent the payment holds beyond the lines (rounded elsewhere) goes back with the last line.
    const odd = refundAmount(after, [{ orderItemId: 'bowl', quantity: 1 }], PAID + 1, 5297);
    expect(odd.amountCents).toBe(PAID + 1 - 5297);
    expect(odd.lines).toEqual([{ orderItemId: 'bowl', quantity: 1, amountCents: PAID + 1 - 5297 }]);
  });

  it('keeps the lines’ sum when an earlier refund outside these lines leaves a bigger gap', () => {
    const after = lines.map((line) =>
      line.id === 'mug' ? { ...line, refundedQuantity: 2 } : line,
    );
    expect(
      refundAmount(after, [{ orderItemId: 'bowl', quantity: 1 }], PAID, 5297 + 1000).amountCents,
    ).toBe(2096);
  });

  it('gives back a line’s own tax, not the order rate’s share, beside an untaxed line', () => {
    // A taxed mug ($24.00, $2.48 of tax at 10.35 %) and a tax-exempt one ($10.00, no tax): the
    // order's tax is $2.48. The order's share of the mug, round(248 × 2400 / 3400) = 175, is not
    // what the mug was charged.
    const mixed = [
      { id: 'mug', quantity: 1, unitPriceCents: 2400, taxCents: 248, refundedQuantity: 0 },
      { id: 'exempt', quantity: 1, unitPriceCents: 1000, taxCents: 0, refundedQuantity: 0 },
    ];
    const paid = 3400 + 248;
    expect(refundAmount(mixed, [{ orderItemId: 'mug', quantity: 1 }], paid, 0)).toEqual({
      amountCents: 2648,
      taxCents: 248,
      lines: [{ orderItemId: 'mug', quantity: 1, amountCents: 2648 }],
    });
    expect(refundAmount(mixed, [{ orderItemId: 'exempt', quantity: 1 }], paid, 0)).toEqual({
      amountCents: 1000,
      taxCents: 0,
      lines: [{ orderItemId: 'exempt', quantity: 1, amountCents: 1000 }],
    });
  });
});

describe('paymentState: the words the owner reads', () => {
  it("reads 'paid', 'partially refunded' and 'refunded'; a payment not taken keeps its status", () => {
    expect(paymentState('paid', 7393, 0)).toBe('paid');
    expect(paymentState('paid', 7393, 5297)).toBe('partially refunded');
    expect(paymentState('paid', 7393, 7393)).toBe('refunded');
    expect(paymentState('refunded', 7393, 7393)).toBe('refunded');
    expect(paymentState('pending', 0, 0)).toBe('pending');
  });
});
