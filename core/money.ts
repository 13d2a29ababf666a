/** Money is integer cents on the server; the API speaks dollars with two decimals, as the spec does. */

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars as sent by a client to cents, rounded to the nearest cent. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Made once: building a NumberFormat costs more than formatting with it (a grid formats dozens). */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}
