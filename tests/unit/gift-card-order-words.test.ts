import { describe, expect, it } from 'vitest';
import { giftCardLine, orderStatusText } from '../../src/islands/account/OrderCard';

/*
 * Issue 39 point 2: a gift card order reads as one. Its line says to whom and when it is emailed
 * ("Will be emailed to Lee on Dec 1", then "Emailed …"), and an order of gift cards alone is not
 * "Delivered" the day it is paid.
 */
describe('a gift card order on the orders page', () => {
  const lee = { recipientName: 'Lee', deliverOn: '2026-12-01' };
  it('says when and to whom each card is emailed, before and after its day', () => {
    expect(giftCardLine(lee, '2026-11-28')).toBe('Will be emailed to Lee on Dec 1');
    expect(giftCardLine(lee, '2026-12-01')).toBe('Emailed to Lee on Dec 1');
  });
  it('is not "Delivered" on the day it is paid', () => {
    const order = { shippingStatus: 'delivered', items: [{ giftCard: lee }] };
    expect(orderStatusText(order, '2026-11-28')).toBe('Paid: gift cards to be emailed');
    expect(orderStatusText(order, '2026-12-02')).toBe('Gift cards emailed');
    // A parcel beside the card reads as the parcel's state.
    const mixed = { shippingStatus: 'delivered', items: [{ giftCard: lee }, {}] };
    expect(orderStatusText(mixed, '2026-11-28')).toBe('Delivered');
  });
});
