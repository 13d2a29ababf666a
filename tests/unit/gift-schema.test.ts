import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  fieldMessages,
  FIELD_LIMITS,
  PERSON_MESSAGES,
  requiredMessage,
  PERSON_LABELS,
  shippingAddressMaybeNamedSchema,
  shippingAddressSchema,
  tooLongMessage,
} from '../../core/address/model';
import {
  GIFT_MESSAGE_LIMIT,
  GIFT_MESSAGES,
  GIFT_TEXT,
  giftMessageLength,
  giftSchema,
} from '../../core/orders/gift';
import { orderConfirmationSchema } from '../../core/orders/model';

const errorsOf = (schema: typeof giftSchema | typeof shippingAddressSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldMessages(result.error);
};

describe('the gift schema (issue 26)', () => {
  it('keeps line breaks, trims the ends and turns CRLF into LF', () => {
    const gift = giftSchema.parse({ message: '  Happy birthday,\r\nMum!\n\nLove, J.  ' });
    expect(gift).toEqual({
      message: 'Happy birthday,\nMum!\n\nLove, J.',
      hidePrices: false,
      recipientEmail: null,
    });
  });

  it('takes exactly 300 characters, counted as a person sees them, and refuses 301', () => {
    expect(giftSchema.safeParse({ message: 'a'.repeat(GIFT_MESSAGE_LIMIT) }).success).toBe(true);
    expect(errorsOf(giftSchema, { message: 'a'.repeat(301) })).toEqual({
      message: GIFT_MESSAGES.tooLong,
    });
    // An emoji is one character (two UTF-16 units): 300 of them pass.
    const emoji = '🎁'.repeat(300);
    expect(giftMessageLength(emoji)).toBe(300);
    expect(giftSchema.safeParse({ message: emoji }).success).toBe(true);
    expect(GIFT_MESSAGES.tooLong).toBe('A gift message can be at most 300 characters long.');
  });

  it.each([
    ['a tab', 'Happy\tbirthday'],
    ['a NUL', 'Happy\u0000birthday'],
    ['an escape', 'Happy\u001b[31mbirthday'],
    ['a DEL', 'Happy\u007fbirthday'],
    ['a C1 control', 'Happy\u0085birthday'],
    ['a vertical tab', 'Happy\u000bbirthday'],
  ])('refuses %s with a clear message', (_name, message) => {
    expect(errorsOf(giftSchema, { message })).toEqual({ message: GIFT_MESSAGES.control });
  });

  it('takes an empty message (a gift with no card), hidden prices and a recipient email', () => {
    expect(
      giftSchema.parse({ message: '', hidePrices: true, recipientEmail: ' Anna@Example.com ' }),
    ).toEqual({ message: '', hidePrices: true, recipientEmail: 'anna@example.com' });
    expect(giftSchema.parse({ recipientEmail: '' }).recipientEmail).toBeNull();
  });

  it('refuses a recipient email that is not one', () => {
    expect(errorsOf(giftSchema, { message: 'Hi', recipientEmail: 'anna@' })).toEqual({
      recipientEmail: GIFT_MESSAGES.recipientEmail,
    });
  });

  it('counts live with the same rule the schema uses', () => {
    expect(GIFT_TEXT.counter(giftMessageLength('Hi\nyou'))).toBe('6 / 300 characters');
  });
});

const address = {
  line1: '400 Pine St',
  line2: '',
  city: 'Spokane',
  state: 'WA',
  zipcode: '99201',
};

describe('the shipping address with its recipient (issue 26)', () => {
  it('takes a name by the person-details rules', () => {
    expect(
      shippingAddressSchema.parse({
        ...address,
        firstname: "Ann-Marie O'Neil",
        lastname: 'St. John',
      }),
    ).toMatchObject({ firstname: "Ann-Marie O'Neil", lastname: 'St. John', city: 'Spokane' });
  });

  it('refuses a missing, a too long or an unparseable name, with the shared messages', () => {
    expect(errorsOf(shippingAddressSchema, address)).toEqual({
      firstname: requiredMessage(PERSON_LABELS.firstname),
      lastname: requiredMessage(PERSON_LABELS.lastname),
    });
    expect(
      errorsOf(shippingAddressSchema, {
        ...address,
        firstname: 'a'.repeat(51),
        lastname: 'Smith<script>',
      }),
    ).toEqual({
      firstname: tooLongMessage(PERSON_LABELS.firstname, FIELD_LIMITS.name),
      lastname: PERSON_MESSAGES.name,
    });
  });

  it('keeps the address rules, the ZIP-in-state check included', () => {
    expect(
      errorsOf(shippingAddressSchema, {
        ...address,
        zipcode: '10001',
        firstname: 'Ann',
        lastname: 'Lee',
      }),
    ).toEqual({ zipcode: ADDRESS_MESSAGES.zipInOtherState });
  });

  it('the order API may leave the name out (the buyer’s is taken) but never send a bad one', () => {
    expect(shippingAddressMaybeNamedSchema.safeParse(address).success).toBe(true);
    expect(
      shippingAddressMaybeNamedSchema.safeParse({ ...address, firstname: 'Ann\nLee' }).success,
    ).toBe(false);
  });
});

describe('the place-order request takes the gift through the same schema', () => {
  const order = {
    shippingAddress: { ...address, firstname: 'Ann', lastname: 'Lee' },
    billingAddress: address,
    billingInfo: { paymentMethodId: 'tok_visa' },
    items: [{ _id: crypto.randomUUID(), sku: 'X', quantity: 1, price: 10 }],
    subtotal: 10,
    salesTax: 0,
    total: 10,
  };

  it('a message of 301 characters or with a control character is refused', () => {
    const long = orderConfirmationSchema.safeParse({
      ...order,
      gift: { message: 'a'.repeat(301) },
    });
    expect(long.success ? {} : fieldMessages(long.error)).toEqual({
      'gift.message': GIFT_MESSAGES.tooLong,
    });
    const control = orderConfirmationSchema.safeParse({ ...order, gift: { message: 'a\tb' } });
    expect(control.success ? {} : fieldMessages(control.error)).toEqual({
      'gift.message': GIFT_MESSAGES.control,
    });
  });

  it('no gift is null; a gift without a shipping address is refused', () => {
    expect(orderConfirmationSchema.parse(order).gift).toBeNull();
    const digital = orderConfirmationSchema.safeParse({
      ...order,
      shippingAddress: null,
      gift: { message: 'Hi' },
    });
    expect(digital.success ? {} : fieldMessages(digital.error)).toEqual({
      gift: GIFT_MESSAGES.needsShipping,
    });
  });
});
