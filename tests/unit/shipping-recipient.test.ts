import { describe, expect, it } from 'vitest';
import { shippingRecipient } from '../../src/islands/checkout/shipping-recipient';
import { EMPTY_ADDRESS, EMPTY_CONTACT } from '../../src/islands/checkout/shipping-state';
import { NO_GIFT } from '../../src/stores/checkout';

/** The shipping step's recipient (issue 37 point 3: a pure helper taken out of ShippingStep). */

const ADDRESS = { ...EMPTY_ADDRESS, line1: '1 Main St', city: 'Portland', zipcode: '97201' };
const GUEST = { ...EMPTY_CONTACT, firstname: 'Gail', lastname: 'Guest', email: 'g@example.com' };
const ACCOUNT = { firstname: 'Ann', lastname: 'Account' };
const base = {
  isLoggedIn: false,
  user: null,
  contact: GUEST,
  gift: NO_GIFT,
  digitalOnly: false,
  address: ADDRESS,
};

describe('shippingRecipient', () => {
  it("names an unnamed address after the guest's contact", () => {
    const { buyer, buyerIsRecipient, recipientAddress } = shippingRecipient(base);
    expect(buyer).toEqual({ firstname: 'Gail', lastname: 'Guest' });
    expect(buyerIsRecipient).toBe(true);
    expect(recipientAddress).toEqual({ ...ADDRESS, firstname: 'Gail', lastname: 'Guest' });
  });

  it('names it after the account holder when signed in', () => {
    const result = shippingRecipient({ ...base, isLoggedIn: true, user: ACCOUNT });
    expect(result.recipientAddress).toMatchObject(ACCOUNT);
  });

  it('keeps a name the shopper wrote', () => {
    const address = { ...ADDRESS, firstname: 'Rita', lastname: '' };
    expect(shippingRecipient({ ...base, address }).recipientAddress).toBe(address);
  });

  it("leaves a gift's recipient for the shopper to name (issue 39)", () => {
    const result = shippingRecipient({ ...base, gift: { ...NO_GIFT, isGift: true } });
    expect(result.buyerIsRecipient).toBe(false);
    expect(result.recipientAddress).toBe(ADDRESS);
  });

  it('treats a digital-only gift as going to the buyer', () => {
    const gift = { ...NO_GIFT, isGift: true };
    const result = shippingRecipient({ ...base, gift, digitalOnly: true });
    expect(result.buyerIsRecipient).toBe(true);
    expect(result.recipientAddress).toMatchObject({ firstname: 'Gail', lastname: 'Guest' });
  });
});
