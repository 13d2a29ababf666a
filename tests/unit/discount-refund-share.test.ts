import { describe, expect, it } from 'vitest';
import {
  lineDiscountShare,
  lineNetShare,
  lineRefund,
  lineTaxShare,
} from '../../core/admin/line-refund';

/** Issue 42: a refund gives back a line's discounted net, its discount split over its units. */
describe("a refund keeps back the units' share of the line's discount", () => {
  // Three $19.99 units with $19.79 of discount and $4.16 of tax on their $40.18 net.
  const line = {
    id: 'enamel',
    quantity: 3,
    unitPriceCents: 1999,
    discountCents: 1979,
    taxCents: 416,
    refundedQuantity: 0,
  };

  it('unit by unit: floor of each running share, the rest on the later units, the line in all', () => {
    const kept = [0, 1, 2].map((before) =>
      lineDiscountShare({ ...line, refundedQuantity: before }, 1),
    );
    // floor(1979 / 3) = 659, floor(2 × 1979 / 3) − 659 = 660, 1979 − 1319 = 660.
    expect(kept).toEqual([659, 660, 660]);
    const nets = [0, 1, 2].map((before) => lineNetShare({ ...line, refundedQuantity: before }, 1));
    expect(nets).toEqual([1340, 1339, 1339]);
    expect(nets.reduce((sum, net) => sum + net, 0)).toBe(3 * 1999 - 1979);
  });

  it('in parts of 1 and 2, or all at once, the same whole line', () => {
    const once = lineRefund([line], [{ orderItemId: 'enamel', quantity: 3 }]);
    expect(once.amountCents).toBe(3 * 1999 - 1979 + 416);
    const first = lineRefund([line], [{ orderItemId: 'enamel', quantity: 1 }]);
    const second = lineRefund(
      [{ ...line, refundedQuantity: 1 }],
      [{ orderItemId: 'enamel', quantity: 2 }],
    );
    expect(first.amountCents).toBe(1340 + 139);
    expect(first.amountCents + second.amountCents).toBe(once.amountCents);
  });

  it('a line without a discount gives back its price, as before', () => {
    const plain = { ...line, discountCents: undefined };
    expect(lineDiscountShare(plain, 2)).toBe(0);
    expect(lineRefund([plain], [{ orderItemId: 'enamel', quantity: 2 }]).amountCents).toBe(
      2 * 1999 + 277,
    );
  });

  it('a line of no units keeps and pays nothing (no division by zero)', () => {
    const none = { ...line, quantity: 0, discountCents: 0, taxCents: 0 };
    expect(lineDiscountShare(none, 0)).toBe(0);
    expect(lineTaxShare(none, 0)).toBe(0);
  });

  it('every unit of the order only when each line is chosen to its end; an unknown line gives nothing', () => {
    const mug = { ...line, id: 'mug', quantity: 1, unitPriceCents: 2400, discountCents: 792 };
    const enamelOnly = lineRefund([line, mug], [{ orderItemId: 'enamel', quantity: 3 }]);
    expect(enamelOnly.everyUnit).toBe(false);
    const both = lineRefund(
      [line, mug],
      [
        { orderItemId: 'enamel', quantity: 3 },
        { orderItemId: 'mug', quantity: 1 },
      ],
    );
    expect(both.everyUnit).toBe(true);
    expect(both.amountCents).toBe(5997 - 1979 + 416 + 2400 - 792 + 416);
    const stranger = lineRefund([line], [{ orderItemId: 'other', quantity: 2 }]);
    expect(stranger.lines).toEqual([
      { orderItemId: 'other', quantity: 2, amountCents: 0, taxCents: 0 },
    ]);
    expect(stranger.everyUnit).toBe(false);
  });
});
