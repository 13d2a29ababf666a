import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../api/lib/errors';
import { tableTaxCalculator, taxCents, type TaxCalculator } from '../../api/modules/tax/calculator';

describe('the sales-tax table', () => {
  // Made in a hook, not while the file is collected: a calculator that cannot be built fails the
  // tests instead of the collection.
  let tax: TaxCalculator;
  beforeAll(() => {
    tax = tableTaxCalculator();
  });

  it.each([
    ['Seattle', 'WA', '98101', 0.1035],
    ['Seattle, ZIP+4', 'WA', '98122-1090', 0.1035],
    ['Bellevue', 'WA', '98004', 0.102],
    ['Tacoma', 'WA', '98402', 0.103],
    ['Spokane', 'WA', '99201', 0.09],
    ['Bellingham (a five-digit entry inside a three-digit prefix)', 'WA', '98225', 0.09],
    ['Bellingham, ZIP+4', 'WA', '98225-4411', 0.09],
    ['Everett (the rest of that prefix)', 'WA', '98201', 0.098],
    ['Vancouver', 'WA', '98660', 0.089],
  ])('charges Washington sales tax in %s', async (_place, state, zipcode, rate) => {
    expect(await tax.rateFor({ state, zipcode })).toEqual({
      rate,
      jurisdiction: 'Washington sales tax',
    });
  });

  it.each([
    ['Portland', 'OR', '97204'],
    ['New York', 'NY', '10001'],
    ['Washington, DC', 'DC', '20500'],
    ['Boise', 'ID', '83702'],
  ])('charges nothing outside Washington: %s', async (_place, state, zipcode) => {
    expect(await tax.rateFor({ state, zipcode })).toEqual({
      rate: 0,
      jurisdiction: 'No sales tax',
    });
  });

  it("takes the rate from the ZIP code's state, refusing one in another state", async () => {
    await expect(tax.rateFor({ state: 'OR', zipcode: '98101' })).rejects.toThrow(
      new AppError(
        'INVALID_DATA',
        'This ZIP code is in another state. Please check the state and the ZIP code.',
      ),
    );
    await expect(tax.rateFor({ state: 'WA', zipcode: '97204' })).rejects.toThrow(AppError);
  });

  it.each(['00000', '98799', '99999'])(
    'refuses the ZIP %s, which does not exist, with the form sentence',
    async (zipcode) => {
      await expect(tax.rateFor({ state: 'WA', zipcode })).rejects.toThrow(
        new AppError('INVALID_DATA', 'Please enter zip or zip + 4 format'),
      );
    },
  );

  it("uses a state's default rate for a real ZIP its table does not list", async () => {
    const washington = tableTaxCalculator([
      { state: 'WA', name: 'Washington sales tax', defaultRate: 0.089, byZipPrefix: {} },
    ]);
    expect((await washington.rateFor({ state: 'WA', zipcode: '98101' })).rate).toBe(0.089);
  });

  it('accepts a lower-case state', async () => {
    expect((await tax.rateFor({ state: 'wa', zipcode: '98101' })).rate).toBe(0.1035);
  });

  it('reads a state and a ZIP code with spaces around them as typed without', async () => {
    expect(await tax.rateFor({ state: ' wa ', zipcode: ' 98225 ' })).toEqual({
      rate: 0.09,
      jurisdiction: 'Washington sales tax',
    });
  });

  it('is configurable: another table collects in another state', async () => {
    const oregonToo = tableTaxCalculator([
      { state: 'ID', name: 'Idaho sales tax', defaultRate: 0.06, byZipPrefix: {} },
    ]);
    expect(await oregonToo.rateFor({ state: 'ID', zipcode: '83702' })).toEqual({
      rate: 0.06,
      jurisdiction: 'Idaho sales tax',
    });
    expect((await oregonToo.rateFor({ state: 'WA', zipcode: '98101' })).rate).toBe(0);
  });

  it('rounds tax to the cent: round(subtotal × rate)', () => {
    expect(taxCents(6700, 0.1035)).toBe(693); // 693.45
    expect(taxCents(2400, 0.1035)).toBe(248); // 248.4
    expect(taxCents(1000, 0.0655)).toBe(66); // 65.5 rounds up, with no float error
    expect(taxCents(1900, 0)).toBe(0);
  });
});
