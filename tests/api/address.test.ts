import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addressSchema, fieldMessages } from '../../core/address/model';
import { useApi } from '../helpers/api';
import {
  confirm,
  enamelLine,
  GUEST,
  guestOrder,
  PORTLAND,
  sandboxToken,
  SEATTLE,
} from '../helpers/orders';

/**
 * Issue 13 point 3 and issue 9 point 8 through the API: real names and addresses pass, line breaks
 * and over-long values do not, a ZIP must exist and lie in its state, and the tax comes from that
 * checked ZIP. The server answers each case as the shared schema does, and refuses at least what
 * the form in the browser refuses.
 */

const SPEC = {
  characters: 'Only numbers, spaces or alphabet characters are allowed',
  zipcode: 'Please enter zip or zip + 4 format',
  name: 'Unable to parse name',
};
const ZIP_IN_OTHER_STATE =
  'This ZIP code is in another state. Please check the state and the ZIP code.';

type Case = [name: string, address: Record<string, string>, fields: Record<string, string>];

const CASES: Case[] = [
  ['123 Main St.', { ...SEATTLE, line1: '123 Main St.' }, {}],
  ['Apt #4', { ...SEATTLE, line2: 'Apt #4' }, {}],
  ["O'Brien Rd, Unit 4/B", { ...SEATTLE, line1: "12 O'Brien Rd, Unit 4/B" }, {}],
  ['St. Louis', { line1: '1 Market St', line2: '', city: 'St. Louis', state: 'MO', zipcode: '63101' }, {}],
  ['a ZIP+4 in Oregon', PORTLAND, {}],
  ['a line break in line 1', { ...SEATTLE, line1: '400 Pine St\nFrom: x' }, { line1: SPEC.characters }],
  ['a carriage return in line 2', { ...SEATTLE, line2: 'Suite\r200' }, { line2: SPEC.characters }],
  ['a line separator in the city', { ...SEATTLE, city: 'Sea\u2028ttle' }, { city: 'Only letters, numbers, spaces, apostrophes, full stops or hyphens are allowed' }],
  ['a tab in the ZIP', { ...SEATTLE, zipcode: '98101\t' + '1234' }, { zipcode: SPEC.zipcode }],
  ['101 characters in line 1', { ...SEATTLE, line1: 'a'.repeat(101) }, { line1: 'Address Line 1 can be at most 100 characters long.' }],
  ['Oregon with a Seattle ZIP', { ...SEATTLE, state: 'OR' }, { zipcode: ZIP_IN_OTHER_STATE }],
  ['Oregon with a Seattle ZIP+4', { ...SEATTLE, state: 'OR', zipcode: '98101-1234' }, { zipcode: ZIP_IN_OTHER_STATE }],
  ['the ZIP 00000', { ...SEATTLE, zipcode: '00000' }, { zipcode: SPEC.zipcode }],
  ['a ZIP no one has', { ...SEATTLE, zipcode: '98799' }, { zipcode: SPEC.zipcode }],
]; // prettier-ignore

const prefixed = (prefix: string, fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([name, text]) => [`${prefix}.${name}`, text]));

describe('addresses through the API', () => {
  const api = useApi({ seed: true });

  it.each(CASES)(
    'POST /address/check answers %s as the schema does',
    async (_name, address, fields) => {
      const response = await api.post('/address/check', address);
      const expected = addressSchema.safeParse(address);
      expect(expected.success ? {} : fieldMessages(expected.error)).toEqual(fields);
      if (Object.keys(fields).length === 0) {
        expect(response.status).toBe(200);
        expect((await response.json()).address).toEqual(expected.data);
      } else {
        expect(response.status).toBe(400);
        expect((await response.json()).fields).toEqual(fields);
      }
    },
  );

  it.each(CASES)('POST /orders/quote answers %s alike', async (_name, address, fields) => {
    const response = await api.post('/orders/quote', {
      items: [enamelLine(1)],
      shippingAddress: address,
    });
    if (Object.keys(fields).length === 0) expect(response.status).toBe(200);
    else {
      expect(response.status).toBe(400);
      expect((await response.json()).fields).toEqual(prefixed('shippingAddress', fields));
    }
  });

  it('refuses a billing address whose ZIP lies in another state, before any charge', async () => {
    const order = await guestOrder(api, [enamelLine(1)], (await sandboxToken(api)).token);
    const response = await confirm(api, {
      ...order,
      billingAddress: { ...PORTLAND, zipcode: '98101' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual({
      'billingAddress.zipcode': ZIP_IN_OTHER_STATE,
    });
  });

  describe('the tax comes from the checked ZIP', () => {
    const quote = async (shippingAddress: Record<string, string>) => {
      const response = await api.post('/orders/quote', {
        items: [enamelLine(1)],
        shippingAddress,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { salesTax: number; tax: number; subtotal: number };
    };

    it('taxes WA + 98101 at the Seattle rate', async () => {
      expect(await quote(SEATTLE)).toMatchObject({ salesTax: 0.1035, subtotal: 19, tax: 1.97 });
    });

    it('accepts a real Oregon ZIP, and its ZIP+4, with no tax', async () => {
      expect(await quote({ ...PORTLAND, zipcode: '97204' })).toMatchObject({ salesTax: 0, tax: 0 });
      expect(await quote(PORTLAND)).toMatchObject({ salesTax: 0, tax: 0 });
    });

    it('places an Oregon order untaxed and refuses OR + 98101 at the confirmation', async () => {
      const portland = await guestOrder(
        api,
        [enamelLine(1)],
        (await sandboxToken(api)).token,
        PORTLAND,
      );
      const placed = await confirm(api, portland);
      expect(placed.status).toBe(201);
      expect((await placed.json()).order).toMatchObject({ salesTax: 0, tax: 0, total: 19 });

      const dodge = await confirm(api, {
        ...portland,
        shippingAddress: { ...PORTLAND, zipcode: '98101' },
        billingAddress: PORTLAND,
      });
      expect(dodge.status).toBe(400);
      expect((await dodge.json()).fields).toEqual({
        'shippingAddress.zipcode': ZIP_IN_OTHER_STATE,
      });
    });
  });

  describe('real names pass the order confirmation', () => {
    it.each([
      ["O'Brien", 'St. John'],
      ['José', 'Nguyễn'],
      ['Zoë', 'O’Neil'],
    ])('accepts %s %s', async (firstname, lastname) => {
      const order = await guestOrder(api, [enamelLine(1)], (await sandboxToken(api)).token);
      const response = await confirm(api, {
        ...order,
        guestContact: { ...GUEST, firstname, lastname },
      });
      expect(response.status).toBe(201);
      expect((await response.json()).order.guestContact).toMatchObject({ firstname, lastname });
    });

    it('refuses names past 50 characters and emails past 254 with their sentences', async () => {
      const order = await guestOrder(api, [enamelLine(1)], (await sandboxToken(api)).token);
      const response = await confirm(api, {
        ...order,
        guestContact: {
          firstname: 'A'.repeat(51),
          lastname: 'Lovelace',
          email: `${'a'.repeat(64)}@${'d'.repeat(186)}.com`,
        },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).fields).toEqual({
        'guestContact.firstname': 'First name can be at most 50 characters long.',
        'guestContact.email': 'Email can be at most 254 characters long.',
      });
    });
  });
});

describe('the form in the browser refuses nothing the server accepts', () => {
  let browserSchema: typeof addressSchema;
  beforeAll(async () => {
    // The browser's bundle resolves '#zip-directory' to the stand-in without a table.
    vi.resetModules();
    vi.doMock('#zip-directory', () => import('../../core/address/zip-directory.browser'));
    browserSchema = (await import('../../core/address/model')).addressSchema;
    vi.doUnmock('#zip-directory');
  });

  it.each(CASES)('%s', (_name, address, fields) => {
    const form = browserSchema.safeParse(address);
    const formFields = form.success ? {} : fieldMessages(form.error);
    // Whatever the form refuses, the server refuses with the same message…
    expect(fields).toMatchObject(formFields);
    // …and what only the server refuses is the ZIP, which the form leaves to it.
    const serverOnly = Object.keys(fields).filter((name) => !(name in formFields));
    expect(serverOnly.every((name) => name === 'zipcode')).toBe(true);
  });

  it('leaves the ZIP-in-state check to the server', () => {
    expect(browserSchema.safeParse({ ...SEATTLE, state: 'OR' }).success).toBe(true);
    expect(addressSchema.safeParse({ ...SEATTLE, state: 'OR' }).success).toBe(false);
  });
});
