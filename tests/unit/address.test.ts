import { describe, expect, it } from 'vitest';
import {
  ALLOWED_STATES,
  addressSchema,
  fieldMessages,
  personDetailsSchema,
} from '../../api/modules/address/model';

const valid = {
  line1: '400 Pine St',
  line2: '',
  city: "Coeur d'Alene",
  state: 'ID',
  zipcode: '83814',
};
const errorsOf = (input: unknown) => {
  const result = addressSchema.safeParse(input);
  return result.success ? {} : fieldMessages(result.error);
};

describe('the address rules of spec §5', () => {
  it('allows 49 states: every state and DC, not AK or HI', () => {
    expect(ALLOWED_STATES).toHaveLength(49);
    expect(new Set(ALLOWED_STATES).size).toBe(49);
    expect(ALLOWED_STATES).toContain('DC');
    expect(ALLOWED_STATES).not.toContain('AK');
    expect(ALLOWED_STATES).not.toContain('HI');
    for (const state of ALLOWED_STATES) {
      expect(addressSchema.safeParse({ ...valid, state }).success).toBe(true);
    }
  });

  it.each(['AK', 'HI', 'XX', 'Washington', 'W', 'PR'])(
    'refuses the state %s with the spec sentence',
    (state) => {
      expect(errorsOf({ ...valid, state })).toEqual({
        state:
          "Please enter state postal abbreviation. Sorry, we can't sell to AK or HI at this time",
      });
    },
  );

  it('takes a lower-case state and stores it upper-case', () => {
    expect(addressSchema.parse({ ...valid, state: 'wa' }).state).toBe('WA');
  });

  it.each(['98101', '98101-1234'])('accepts the ZIP %s', (zipcode) => {
    expect(addressSchema.safeParse({ ...valid, zipcode }).success).toBe(true);
  });

  it.each(['9810', '981011', '98101-12', '98101 1234', 'ABCDE'])(
    'refuses the ZIP %s',
    (zipcode) => {
      expect(errorsOf({ ...valid, zipcode })).toEqual({
        zipcode: 'Please enter zip or zip + 4 format',
      });
    },
  );

  it('allows only letters, digits, underscore and spaces in the address lines', () => {
    expect(errorsOf({ ...valid, line1: '400 Pine St.', line2: 'Apt #4' })).toEqual({
      line1: 'Only numbers, spaces or alphabet characters are allowed',
      line2: 'Only numbers, spaces or alphabet characters are allowed',
    });
    expect(addressSchema.safeParse({ ...valid, line2: 'Unit_4 B' }).success).toBe(true);
  });

  it('allows apostrophes in the city, nothing else', () => {
    expect(errorsOf({ ...valid, city: 'Seattle, WA' }).city).toBeDefined();
  });

  it("says '{field} is required' for each missing field; line2 is optional", () => {
    expect(errorsOf({})).toEqual({
      line1: 'Address Line 1 is required',
      city: 'City is required',
      state: 'State is required',
      zipcode: 'ZIP Code is required',
    });
    expect(errorsOf({ line1: '  ', city: '', state: '', zipcode: '' })).toEqual({
      line1: 'Address Line 1 is required',
      city: 'City is required',
      state: 'State is required',
      zipcode: 'ZIP Code is required',
    });
    expect(addressSchema.parse({ ...valid, line2: undefined }).line2).toBe('');
  });
});

describe('the person-details rules of spec §5', () => {
  const person = { firstname: 'Mary-Jane', lastname: 'O Neil_2', email: 'mj@example.com' };

  it('accepts letters, digits, underscore, whitespace and hyphen in names', () => {
    expect(personDetailsSchema.safeParse(person).success).toBe(true);
  });

  it("refuses other characters with 'Unable to parse name' and a bad email with 'Valid email is required'", () => {
    const result = personDetailsSchema.safeParse({
      firstname: 'Zoë!',
      lastname: "O'Neil",
      email: 'not-an-email',
    });
    expect(result.success).toBe(false);
    expect(fieldMessages(result.error!)).toEqual({
      firstname: 'Unable to parse name',
      lastname: 'Unable to parse name',
      email: 'Valid email is required',
    });
  });

  it('requires all three', () => {
    const result = personDetailsSchema.safeParse({});
    expect(fieldMessages(result.error!)).toEqual({
      firstname: 'First name is required',
      lastname: 'Last name is required',
      email: 'Email is required',
    });
  });
});
