/**
 * Money, as both sides handle it (spec §7: amounts are computed in cents). The server keeps
 * integer cents; the API speaks dollars with two decimals, as the spec does. Every conversion
 * between the two, and every amount a person reads, goes through this module.
 */

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars as sent by a client to cents, rounded to the nearest cent (0.1 + 0.2 → 30). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Whether an amount in dollars is a whole number of cents (at most two decimals, float noise aside). */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - dollarsToCents(dollars)) < 1e-6;
}

/**
 * Cents as dollars with two decimals and no currency sign, as a spreadsheet or structured data
 * (schema.org's `price`) reads a number: 123450 → "1234.50", -5 → "-0.05". Integers only.
 */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Made once, on first use: building a NumberFormat costs more than formatting with it (a grid
 * formats dozens). Not at import, so a module that only converts never builds it.
 */
let dollars: Intl.NumberFormat | undefined;

/** The one money formatter: 1234.5 → "$1,234.50", -2.5 → "-$2.50". */
export function formatDollars(amount: number): string {
  dollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  // `+ 0` turns -0 (a refund of nothing) into 0, so it never reads "-$0.00".
  return dollars.format(amount + 0);
}

/**
 * Integer cents as `formatDollars` shows them: 1999 → "$19.99", 123450 → "$1,234.50". Anything
 * but a whole number of cents is refused, so no float dollar is ever added, multiplied or rounded
 * on its way to a screen or a mail.
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Not a whole number of cents: ${cents}`);
  return formatDollars(centsToDollars(cents));
}

/** A tax rate (a fraction) as a percentage: 0.1035 → "10.35%", 0.065 → "6.5%", 0 → "0%". */
export function formatRate(rate: number): string {
  // Millionths first (as the tax module compares rates), then hundredths of a percent.
  const hundredths = Math.round(Math.round(rate * 1_000_000) / 100);
  const whole = (hundredths - (hundredths % 100)) / 100;
  const fraction = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}
