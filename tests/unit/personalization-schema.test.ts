import { describe, expect, it } from 'vitest';
import { products } from '../../api/db/seed/catalogue';
import {
  checkPersonalization,
  newPersonalizationField,
  personalizationKey,
  personalizationSettingsSchema,
  type PersonalizationSettings,
} from '../../core/product/personalization';

/** Issue 40: the one schema the product editor and the API save a product's personalization with. */
const settings = (fields = [newPersonalizationField('name')]): PersonalizationSettings => ({
  fields,
  leadTimeDays: 3,
  preview: { x: 50, y: 50, width: 40, size: 6, font: 'serif', color: '#222222', rotation: 0 },
});

describe('the personalization settings schema', () => {
  it('takes the seeded mug, towel and board as they are', () => {
    const seeded = products.filter((product) => product.personalization);
    expect(seeded.map((product) => product.slug).sort()).toEqual([
      'alder-cutting-board',
      'cedar-ridge-mug',
      'tidepool-bath-towel',
    ]);
    for (const product of seeded) {
      expect(personalizationSettingsSchema.safeParse(product.personalization).success).toBe(true);
    }
  });

  it.each([
    [{ fields: [] }, 'Add 1 to 4 fields.'],
    [{ leadTimeDays: 61 }, 'Enter a lead time of 0 to 60 business days.'],
    [
      { fields: [{ ...newPersonalizationField('name'), maxLength: 0 }] },
      'Enter a length from 1 to 60.',
    ],
    [
      { fields: [{ ...newPersonalizationField('name'), symbols: '<' }] },
      "Allowed punctuation can only be some of & . ' - , ! ? / # + : ( )",
    ],
    [
      { fields: [{ ...newPersonalizationField('name'), label: 'a\u0007b' }] },
      'Enter a label of 1 to 60 characters, without control characters.',
    ],
    [
      { fields: [{ ...newPersonalizationField('name'), priceCents: -1 }] },
      'Enter a price of $0 to $500.',
    ],
    [
      { fields: [newPersonalizationField('name'), newPersonalizationField('name')] },
      'Each field needs its own key.',
    ],
    [{ preview: { ...settings().preview, color: 'red' } }, 'Enter the text color as #rrggbb.'],
  ])('refuses %j with its sentence', (change, message) => {
    const parsed = personalizationSettingsSchema.safeParse({ ...settings(), ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(message);
  });
});

describe("a shopper's text against a product's fields", () => {
  const board = settings([
    {
      ...newPersonalizationField('initials'),
      label: 'Initials',
      kind: 'monogram',
      priceCents: 1200,
    },
    { ...newPersonalizationField('date'), label: 'Date', kind: 'date', required: false },
  ]);

  it("takes letters, digits, spaces and & . ' - by default, and prices filled fields only", () => {
    expect(checkPersonalization(settings(), { name: "  O'Brien & Co. 2-B " })).toEqual({
      ok: true,
      texts: [{ key: 'name', label: 'Name', value: "O'Brien & Co. 2-B" }],
      addOnCents: 0,
    });
    expect(checkPersonalization(board, { initials: 'jmb' })).toEqual({
      ok: true,
      texts: [{ key: 'initials', label: 'Initials', value: 'JMB' }],
      addOnCents: 1200,
    });
  });

  it.each([
    [{}, 'Name is required'],
    [{ name: 'Jo <3' }, "Name can only contain letters, digits, spaces and & . ' -"],
    [{ name: 'Jo\u0000' }, "Name can only contain letters, digits, spaces and & . ' -"],
    [{ name: 'x'.repeat(21) }, 'Name can be at most 20 characters'],
    [{ name: 'Jo', other: 'x' }, 'This item has no such personalization. Please review your cart.'],
  ])('refuses %j with the field’s sentence', (values, message) => {
    const check = checkPersonalization(settings(), values);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toBe(message);
  });

  it('knows a monogram is 1 to 3 letters and a date a real date', () => {
    const refused = (values: Record<string, string>) => {
      const check = checkPersonalization(board, values);
      return check.ok ? null : check.message;
    };
    expect(refused({ initials: 'ABCD' })).toBe('Initials must be 1 to 3 letters');
    expect(refused({ initials: 'A1' })).toBe('Initials must be 1 to 3 letters');
    expect(refused({ initials: 'AB', date: '2026-02-30' })).toBe(
      'Date must be a date (MM/DD/YYYY)',
    );
    expect(refused({ initials: 'AB', date: '2026-02-28' })).toBeNull();
  });

  it('tells two lines apart by their texts, whatever the order of their keys', () => {
    const a = [
      { key: 'initials', value: 'JO' },
      { key: 'date', value: '2026-06-14' },
    ];
    expect(personalizationKey(a)).toBe(personalizationKey([...a].reverse()));
    expect(personalizationKey(a)).not.toBe(personalizationKey([{ key: 'initials', value: 'JO' }]));
    expect(personalizationKey([{ key: 'name', value: '  ' }])).toBe('');
  });
});
