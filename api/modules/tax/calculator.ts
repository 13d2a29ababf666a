import { AppError } from '../../lib/errors';
import { ADDRESS_MESSAGES } from '../../../core/address/model';
import { usZipDirectory, type ZipDirectory } from '../../../core/address/zip-directory';
import { shopDayOf } from '../../../core/shop-calendar';
import type { Db } from '../../db/client';
import { TAX_TABLE, type StateTaxRule } from './rates';
import { lookupWashington, needsPlus4Error } from './washington';

/** The sales tax that applies to a destination: a rate (a fraction) and what it is. */
export interface TaxRate {
  rate: number;
  /** e.g. 'Washington sales tax'; 'No sales tax' where the shop does not collect. */
  jurisdiction: string;
  /** Washington's location code and the DOR period the rate comes from; absent from the table. */
  location?: { code: string; periodStart: string; periodEnd: string };
}

export interface TaxDestination {
  state: string;
  zipcode: string;
}

/** The port every tax source implements (the committed table; a tax service could be another). */
export interface TaxCalculator {
  /** The rate in force at `at` (by default now) for the destination. */
  rateFor(destination: TaxDestination, at?: Date): Promise<TaxRate>;
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

/**
 * Washington from the Department of Revenue's imported ZIP+4 rates (issue 28), at the rate in
 * force on the shop's date (America/Los_Angeles) of `at`; a split ZIP without its +4 is refused
 * with a message under the ZIP field. Before any import, for a date no imported period covers,
 * or a ZIP the period does not list, and for every other state: the `fallback` (the table).
 */
export function dorTaxCalculator(
  db: Db,
  {
    fallback = tableTaxCalculator(),
    now = () => new Date(),
  }: {
    fallback?: TaxCalculator;
    now?: () => Date;
  } = {},
): TaxCalculator {
  return {
    async rateFor(destination, at = now()) {
      const base = await fallback.rateFor(destination, at);
      if (destination.state.trim().toUpperCase() !== 'WA') return base;
      const found = await lookupWashington(db, destination.zipcode, shopDayOf(at));
      if (found.kind === 'none') return base;
      if (found.kind === 'needsPlus4') throw needsPlus4Error(found.plus4Given);
      const { locationCode, rate, periodStart, periodEnd } = found.location;
      return {
        rate,
        jurisdiction: base.jurisdiction,
        location: { code: locationCode, periodStart, periodEnd },
      };
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
