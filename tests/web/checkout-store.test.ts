import { beforeEach, describe, expect, it } from 'vitest';
import {
  $checkout,
  confirmationKeyFor,
  finishCheckout,
  forgetCard,
  forgetConfirmationKey,
  initialCheckout,
  needsShippingStep,
  replaceBillingAddress,
  replaceBillingInfo,
  setGuestData,
  setOrderSummary,
  setShippingAddress,
} from '../../src/stores/checkout';

const address = { line1: '400 Pine St', line2: '', city: 'Seattle', state: 'WA', zipcode: '98101' };
const card = {
  paymentMethodId: 'tok_sandbox_x',
  last4Number: '4242',
  expirationMonth: '12',
  expirationYear: '2030',
  stored: false,
  brand: 'visa',
};

describe('the checkout store (spec §3 state, §4 transitions)', () => {
  beforeEach(() => finishCheckout());

  it('starts with empty addresses, billing info and contact, no items, zero tax and subtotal', () => {
    expect($checkout.get()).toEqual({
      shippingAddress: { line1: '', line2: '', city: '', state: '', zipcode: '' },
      billingAddress: { line1: '', line2: '', city: '', state: '', zipcode: '' },
      billingInfo: {
        paymentMethodId: '',
        last4Number: '',
        expirationMonth: '',
        expirationYear: '',
        stored: false,
      },
      guestContact: { firstname: '', lastname: '', email: '' },
      gift: { isGift: false, message: '', hidePrices: false, recipientEmail: '' },
      items: [],
      salesTax: 0,
      subtotal: 0,
      confirmation: null,
    });
  });

  it('sets the shipping address, the guest data and replaces the billing address', () => {
    setShippingAddress(address);
    setGuestData({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' });
    replaceBillingAddress({ ...address, line1: '1 Main St' });
    const state = $checkout.get();
    expect(state.shippingAddress).toEqual(address);
    expect(state.billingAddress.line1).toBe('1 Main St');
    expect(state.guestContact.email).toBe('ada@example.com');
  });

  it('replaces the billing info with a value, or derives it from the current one', () => {
    replaceBillingInfo(card);
    expect($checkout.get().billingInfo).toEqual(card);
    replaceBillingInfo((current) => ({ ...current, stored: true }));
    expect($checkout.get().billingInfo).toEqual({ ...card, stored: true });
  });

  it('keeps the quote: items, the tax rate and the subtotal', () => {
    setOrderSummary({ items: [], salesTax: 0.1035, subtotal: 67 });
    expect($checkout.get()).toMatchObject({ salesTax: 0.1035, subtotal: 67 });
  });

  it('gives the same confirmation key for the same order, a new one for another', () => {
    const first = confirmationKeyFor('order A');
    expect(confirmationKeyFor('order A')).toBe(first);
    expect(confirmationKeyFor('order B')).not.toBe(first);
    forgetConfirmationKey();
    expect($checkout.get().confirmation).toBeNull();
  });

  it('finishing the checkout resets everything to the start values', () => {
    setShippingAddress(address);
    replaceBillingAddress(address);
    replaceBillingInfo(card);
    setGuestData({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' });
    setOrderSummary({ items: [], salesTax: 0.1035, subtotal: 67 });
    confirmationKeyFor('order A');
    finishCheckout();
    expect($checkout.get()).toEqual(initialCheckout());
  });

  it('digital items only need no shipping address, only a guest’s contact (issue 24)', () => {
    expect(needsShippingStep($checkout.get(), false, false)).toBe(true);
    expect(needsShippingStep($checkout.get(), true, true)).toBe(false);
    expect(needsShippingStep($checkout.get(), true, false)).toBe(true);
    setGuestData({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' });
    expect(needsShippingStep($checkout.get(), true, false)).toBe(false);
    expect(needsShippingStep($checkout.get(), false, false)).toBe(true);
    setShippingAddress(address);
    expect(needsShippingStep($checkout.get(), false, false)).toBe(false);
  });

  it('"Use another card" forgets the declined card and nothing else', () => {
    setShippingAddress(address);
    replaceBillingInfo(card);
    forgetCard();
    expect($checkout.get().billingInfo).toEqual(initialCheckout().billingInfo);
    expect($checkout.get().shippingAddress).toEqual(address);
  });
});
