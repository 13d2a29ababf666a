import { TAX_TABLE, type StateTaxRule } from './rates';

/** The sales tax that applies to a destination: a rate (a fraction) and what it is. */
export interface TaxRate {
  rate: number;
  /** e.g. 'Washington sales tax'; 'No sales tax' where the shop does not collect. */
  jurisdiction: string;
}

export interface TaxDestination {
  state: string;
  zipcode: string;
}

/** The port every tax source implements (the committed table; a tax service could be another). */
export interface TaxCalculator {
  rateFor(destination: TaxDestination): Promise<TaxRate>;
}

const NO_TAX: TaxRate = { rate: 0, jurisdiction: 'No sales tax' };

function lookup(rule: StateTaxRule, zipcode: string): number {
  const zip = zipcode.slice(0, 5);
  return rule.byZipPrefix[zip] ?? rule.byZipPrefix[zip.slice(0, 3)] ?? rule.defaultRate;
}

/** Destination-based rates from a table (by default the committed `TAX_TABLE`); zero elsewhere. */
export function tableTaxCalculator(table: readonly StateTaxRule[] = TAX_TABLE): TaxCalculator {
  const byState = new Map(table.map((rule) => [rule.state, rule]));
  return {
    async rateFor({ state, zipcode }) {
      const rule = byState.get(state.toUpperCase());
      if (!rule) return NO_TAX;
      return { rate: lookup(rule, zipcode), jurisdiction: rule.name };
    },
  };
}

/** Rates are compared and multiplied as whole millionths, so no float error reaches a cent. */
export function rateMillionths(rate: number): number {
  return Math.round(rate * 1_000_000);
}

/** tax = round(subtotal × rate), in cents (DECISIONS: salesTax is a rate). */
export function taxCents(subtotalCents: number, rate: number): number {
  return Math.round((subtotalCents * rateMillionths(rate)) / 1_000_000);
}
