import { describe, expect, it } from 'vitest';
import {
  ALLOWED_STATES,
  addressSchema,
  fieldMessages,
  personDetailsSchema,
} from '../../core/address/model';

const valid = {
  line1: '400 Pine St',
  line2: '',
  city: 'Seattle',
  state: 'WA',
  zipcode: '98101',
};
const errorsOf = (input: unknown) => {
  const result = addressSchema.safeParse(input);
  return result.success ? {} : fieldMessages(result.error);
};
const personErrorsOf = (input: unknown) => {
  const result = personDetailsSchema.safeParse(input);
  return result.success ? {} : fieldMessages(result.error);
};

const SPEC = {
  characters: 'Only numbers, spaces or alphabet characters are allowed',
  state: "Please enter state postal abbreviation. Sorry, we can't sell to AK or HI at this time",
  zipcode: 'Please enter zip or zip + 4 format',
  name: 'Unable to parse name',
  email: 'Valid email is required',
};
const CITY_MESSAGE =
  'Only letters, numbers, spaces, apostrophes, full stops or hyphens are allowed';
const ZIP_IN_OTHER_STATE =
  'This ZIP code is in another state. Please check the state and the ZIP code.';

/** A ZIP code of each allowed state's capital. */
const CAPITAL_ZIP: Record<string, string> = {
  AL: '36101', AZ: '85001', AR: '72201', CA: '94203', CO: '80201', CT: '06101', DE: '19901',
  DC: '20001', FL: '32301', GA: '30301', ID: '83701', IL: '62701', IN: '46201', IA: '50301',
  KS: '66601', KY: '40601', LA: '70801', ME: '04330', MD: '21401', MA: '02108', MI: '48901',
  MN: '55101', MS: '39201', MO: '65101', MT: '59601', NE: '68501', NV: '89701', NH: '03301',
  NJ: '08601', NM: '87501', NY: '12201', NC: '27601', ND: '58501', OH: '43085', OK: '73101',
  OR: '97301', PA: '17101', RI: '02901', SC: '29201', SD: '57501', TN: '37201', TX: '73301',
  UT: '84101', VT: '05601', VA: '23218', WA: '98501', WV: '25301', WI: '53701', WY: '82001',
}; // prettier-ignore

/** Every way a value can hold a line break or another control character. */
const BREAKS = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\t', '\u0000', '\u000b'];

describe('the address rules of spec §5', () => {
  it('allows 49 states: every state and DC, not AK or HI', () => {
    expect(ALLOWED_STATES).toHaveLength(49);
    expect(new Set(ALLOWED_STATES).size).toBe(49);
    expect(ALLOWED_STATES).toContain('DC');
    expect(ALLOWED_STATES).not.toContain('AK');
    expect(ALLOWED_STATES).not.toContain('HI');
    for (const state of ALLOWED_STATES) {
      const zipcode = CAPITAL_ZIP[state]!;
      expect(errorsOf({ ...valid, state, zipcode }), state).toEqual({});
    }
  });

  it.each([
    ['AK', '99801'],
    ['HI', '96813'],
    ['XX', '98101'],
    ['Washington', '98101'],
    ['W', '98101'],
    ['PR', '00901'],
  ])('refuses the state %s with the spec sentence', (state, zipcode) => {
    expect(errorsOf({ ...valid, state, zipcode })).toEqual({ state: SPEC.state });
  });

  it('takes a lower-case state and stores it upper-case', () => {
    expect(addressSchema.parse({ ...valid, state: 'wa' }).state).toBe('WA');
  });

  it.each(['98101', '98101-1234'])('accepts the ZIP %s in its state', (zipcode) => {
    expect(errorsOf({ ...valid, zipcode })).toEqual({});
  });

  it.each(['9810', '981011', '98101-12', '98101 1234', 'ABCDE'])(
    'refuses the ZIP %s with the spec sentence',
    (zipcode) => {
      expect(errorsOf({ ...valid, zipcode })).toEqual({ zipcode: SPEC.zipcode });
    },
  );

  it('allows the spec characters in the address lines and refuses the rest with its sentence', () => {
    expect(errorsOf({ ...valid, line2: 'Unit_4 B' })).toEqual({});
    for (const line of ['400 Pine St (2)', 'Apt @4', '<script>', 'Suite 200!', '1 Main St; 2']) {
      expect(errorsOf({ ...valid, line1: line, line2: line }), line).toEqual({
        line1: SPEC.characters,
        line2: SPEC.characters,
      });
    }
  });

  it('allows apostrophes in the city, and full stops and hyphens, but not commas', () => {
    for (const city of ["Coeur d'Alene", 'O’Fallon', 'St. Louis', 'Winston-Salem', 'Cañon City']) {
      expect(errorsOf({ ...valid, city }), city).toEqual({});
    }
    expect(errorsOf({ ...valid, city: 'Seattle, WA' })).toEqual({ city: CITY_MESSAGE });
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

describe('real addresses pass (DECISIONS: Real names and addresses)', () => {
  it.each(['123 Main St.', 'Apt #4', "O'Brien Rd", '1st Ave, Suite 200', 'Unit 4/B', 'Rue de l’Église', '12-14 Elm St'])(
    'accepts the address line %s',
    (line) => {
      expect(errorsOf({ ...valid, line1: line, line2: line })).toEqual({});
    },
  ); // prettier-ignore

  it.each(BREAKS.map((character) => [JSON.stringify(character), character]))(
    'refuses %s inside any field, with that field’s sentence',
    (_name, character) => {
      expect(
        errorsOf({
          line1: `400 Pine St${character}From: evil@example.com`,
          line2: `Suite 2${character}00`,
          city: `Sea${character}ttle`,
          state: `W${character}A`,
          zipcode: `98101${character}1234`,
        }),
      ).toEqual({
        line1: SPEC.characters,
        line2: SPEC.characters,
        city: CITY_MESSAGE,
        state: SPEC.state,
        zipcode: SPEC.zipcode,
      });
    },
  );

  it('trims spaces and line breaks around a value, so none is stored', () => {
    expect(addressSchema.parse({ ...valid, line1: '\n 400 Pine St \r\n' }).line1).toBe(
      '400 Pine St',
    );
  });

  it('takes address lines and the city up to 100 characters, and says so past that', () => {
    const at = 'a'.repeat(100);
    expect(errorsOf({ ...valid, line1: at, line2: at, city: at })).toEqual({});
    const past = 'a'.repeat(101);
    expect(errorsOf({ ...valid, line1: past, line2: past, city: past })).toEqual({
      line1: 'Address Line 1 can be at most 100 characters long.',
      line2: 'Address Line 2 can be at most 100 characters long.',
      city: 'City can be at most 100 characters long.',
    });
  });
});

describe('a ZIP code must exist and lie in the state (issue 9: tax by a mismatched ZIP)', () => {
  it('refuses a Seattle ZIP with Oregon as the state', () => {
    expect(errorsOf({ ...valid, state: 'OR' })).toEqual({ zipcode: ZIP_IN_OTHER_STATE });
    expect(errorsOf({ ...valid, state: 'OR', zipcode: '98101-1234' })).toEqual({
      zipcode: ZIP_IN_OTHER_STATE,
    });
  });

  it.each(['00000', '99999', '98799', '00000-0000'])(
    'refuses %s, which does not exist, with the spec sentence',
    (zipcode) => {
      expect(errorsOf({ ...valid, zipcode })).toEqual({ zipcode: SPEC.zipcode });
    },
  );

  it('accepts a real Oregon address, and its ZIP+4', () => {
    const portland = { line1: '1120 SW 5th Ave', city: 'Portland', state: 'OR' };
    expect(errorsOf({ ...portland, zipcode: '97204' })).toEqual({});
    expect(errorsOf({ ...portland, zipcode: '97204-1912' })).toEqual({});
  });

  it('still shows the other fields’ messages beside a ZIP in another state', () => {
    expect(errorsOf({ ...valid, line1: 'Apt @4', state: 'OR' })).toEqual({
      line1: SPEC.characters,
      zipcode: ZIP_IN_OTHER_STATE,
    });
  });
});

describe('the person-details rules of spec §5', () => {
  const person = { firstname: 'Mary-Jane', lastname: 'O Neil_2', email: 'mj@example.com' };

  it('accepts letters, digits, underscore, spaces and hyphen in names', () => {
    expect(personErrorsOf(person)).toEqual({});
  });

  it.each(["O'Brien", 'O’Brien', 'José', 'Jose\u0301', 'St. John', 'Zoë', 'Nguyễn', 'Jean-Luc'])(
    'accepts the name %s (DECISIONS: apostrophes, full stops, accented letters)',
    (name) => {
      expect(personErrorsOf({ ...person, firstname: name, lastname: name })).toEqual({});
    },
  );

  it("refuses other characters with 'Unable to parse name' and a bad email with 'Valid email is required'", () => {
    expect(
      personErrorsOf({ firstname: 'Zoë!', lastname: 'Lovelace <ada>', email: 'not-an-email' }),
    ).toEqual({ firstname: SPEC.name, lastname: SPEC.name, email: SPEC.email });
  });

  it.each(BREAKS.map((character) => [JSON.stringify(character), character]))(
    'refuses %s inside a name or an email',
    (_name, character) => {
      expect(
        personErrorsOf({
          firstname: `Ada${character}From: evil@example.com`,
          lastname: `Love${character}lace`,
          email: `ada@example.com${character}bcc@example.com`,
        }),
      ).toEqual({ firstname: SPEC.name, lastname: SPEC.name, email: SPEC.email });
    },
  );

  it('takes names up to 50 characters and emails up to 254, and says so past that', () => {
    const domain = (length: number) => `${'d'.repeat(length - 4)}.com`;
    const email254 = `${'a'.repeat(64)}@${domain(60)}.${domain(60)}.${domain(67)}`;
    expect(email254).toHaveLength(254);
    expect(
      personErrorsOf({ firstname: 'A'.repeat(50), lastname: 'B'.repeat(50), email: email254 }),
    ).toEqual({});
    expect(
      personErrorsOf({
        firstname: 'A'.repeat(51),
        lastname: 'B'.repeat(51),
        email: `a${email254}`,
      }),
    ).toEqual({
      firstname: 'First name can be at most 50 characters long.',
      lastname: 'Last name can be at most 50 characters long.',
      email: 'Email can be at most 254 characters long.',
    });
  });

  it('requires all three', () => {
    expect(personErrorsOf({})).toEqual({
      firstname: 'First name is required',
      lastname: 'Last name is required',
      email: 'Email is required',
    });
  });
});
