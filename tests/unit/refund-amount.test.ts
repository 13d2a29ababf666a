import { describe, expect, it } from 'vitest';
import { refundAmount } from '../../core/admin/refund-amount';
import { paymentState } from '../../core/admin/order-money';

// Two mugs at $24.00 and a bowl at $19.00, at 10.35%: the order's tax is rounded once on $67.00
// ($6.93); the lines' shares rounded one by one are $4.97 and $1.97, a cent more.
const lines = [
  { id: 'mug', quantity: 2, unitPriceCents: 2400, refundedQuantity: 0 },
  { id: 'bowl', quantity: 1, unitPriceCents: 1900, refundedQuantity: 0 },
];
const RATE = 0.1035;
const PAID = 6700 + 693;

describe('refundAmount: what a partial refund gives back', () => {
  it('gives back each chosen line with its share of the tax while units stay unrefunded', () => {
    expect(refundAmount(lines, [{ orderItemId: 'mug', quantity: 2 }], RATE, PAID, 0)).toEqual({
      amountCents: 5297,
      lines: [{ orderItemId: 'mug', quantity: 2, amountCents: 5297 }],
    });
  });

  it('gives back the rest of the payment with the last units, to the cent', () => {
    const after = lines.map((line) =>
      line.id === 'mug' ? { ...line, refundedQuantity: 2 } : line,
    );
    expect(refundAmount(after, [{ orderItemId: 'bowl', quantity: 1 }], RATE, PAID, 5297)).toEqual({
      amountCents: PAID - 5297,
      lines: [{ orderItemId: 'bowl', quantity: 1, amountCents: PAID - 5297 }],
    });
    // All at once: the same total as what was paid.
    const all = refundAmount(
      lines,
      [
        { orderItemId: 'mug', quantity: 2 },
        { orderItemId: 'bowl', quantity: 1 },
      ],
      RATE,
      PAID,
      0,
    );
    expect(all.amountCents).toBe(PAID);
    expect(all.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(PAID);
  });

  it('keeps the lines’ sum when an earlier refund outside these lines leaves a bigger gap', () => {
    const after = lines.map((line) =>
      line.id === 'mug' ? { ...line, refundedQuantity: 2 } : line,
    );
    expect(
      refundAmount(after, [{ orderItemId: 'bowl', quantity: 1 }], RATE, PAID, 5297 + 1000)
        .amountCents,
    ).toBe(2097);
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
