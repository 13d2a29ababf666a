import { AppError } from '../../lib/errors';
import { ADDRESS_MESSAGES } from '../../../core/address/model';
import { usZipDirectory, type ZipDirectory } from '../../../core/address/zip-directory';
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

/**
 * The state whose tax applies: the ZIP code's own, from the ZIP directory. The address schema has
 * already refused a ZIP that does not exist or lies in another state; this refuses it again for a
 * caller that skipped the schema, so no destination is taxed by a state it is not in.
 */
function taxState(directory: ZipDirectory, { state, zipcode }: TaxDestination): string {
  const zipState = directory.stateOf(zipcode.trim().slice(0, 5));
  if (!zipState) throw new AppError('INVALID_DATA', ADDRESS_MESSAGES.zipcode);
  if (zipState !== state.trim().toUpperCase()) {
    throw new AppError('INVALID_DATA', ADDRESS_MESSAGES.zipInOtherState);
  }
  return zipState;
}

/** Destination-based rates from a table (by default the committed `TAX_TABLE`); zero elsewhere. */
export function tableTaxCalculator(
  table: readonly StateTaxRule[] = TAX_TABLE,
  directory: ZipDirectory = usZipDirectory,
): TaxCalculator {
  const byState = new Map(table.map((rule) => [rule.state, rule]));
  return {
    async rateFor(destination) {
      const rule = byState.get(taxState(directory, destination));
      if (!rule) return NO_TAX;
      return { rate: lookup(rule, destination.zipcode.trim()), jurisdiction: rule.name };
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
