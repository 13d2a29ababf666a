/**
 * The shop's calendar (America/Los_Angeles): an order is taxed at the rate in force on the shop's
 * date when it is placed, and the tax report counts orders and refunds by that date (issue 28).
 */
export const SHOP_TIME_ZONE = 'America/Los_Angeles';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop's date of an instant, YYYY-MM-DD. */
export function shopDate(at: Date): string {
  return dayFormat.format(at);
}

/** The first and last day (YYYY-MM-DD) of a month ('2026-11') or a quarter ('2026-Q4'). */
export function periodDays(period: string): { start: string; end: string } | null {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (!month && !quarter) return null;
  const year = Number((month ?? quarter)![1]);
  const first = month ? Number(month[2]) : (Number(quarter![2]) - 1) * 3 + 1;
  const last = month ? first : first + 2;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { start: `${year}-${pad(first)}-01`, end: `${year}-${pad(last)}-${pad(lastDay)}` };
}
