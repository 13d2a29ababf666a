import { isCalendarDate } from '../../../core/dates';
import { IMPORT_ERRORS } from '../../../core/tax/messages';
import { withinShopYears } from '../../../core/shop-calendar';

/**
 * Reads the Department of Revenue's ZIP+4 rate file ("ZIP+4 short": ZIP, PLUS4_LOW, PLUS4_HIGH,
 * CODE, STATE, LOCAL, TOT_RATE, EFF_START, EFF_END, comma-separated, rates as fractions, dates
 * YYYYMMDD) and refuses the whole file at its first bad row, naming the line. A first line of
 * field names is skipped, blank lines are ignored, fields may be quoted and padded.
 *
 * A file normally holds one quarter; rows with other EFF_START/EFF_END make other periods, which
 * must not overlap. Within a period, the +4 ranges of one ZIP must not overlap: the address would
 * otherwise have two location codes.
 */
export interface DorRange {
  zip: string;
  plus4Low: string;
  plus4High: string;
  locationCode: string;
  stateRate: number;
  localRate: number;
  totalRate: number;
  /** YYYY-MM-DD, both days included. */
  start: string;
  end: string;
  line: number;
}

export interface DorPeriod {
  start: string;
  end: string;
  ranges: DorRange[];
}

export class DorFileError extends Error {
  override name = 'DorFileError';
}

const FIELDS = 9;
const RATE = /^(0?\.\d{1,6}|0)$/;

function isoDate(line: number, field: string, value: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const iso = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  if (!isCalendarDate(iso)) {
    throw new DorFileError(IMPORT_ERRORS.date(line, field, value));
  }
  if (!withinShopYears(iso)) throw new DorFileError(IMPORT_ERRORS.dateRange(line, field, value));
  return iso;
}

/** A rate as whole millionths (the orders' tax_rate has six decimals). */
function millionths(line: number, field: string, value: string): number {
  if (!RATE.test(value)) throw new DorFileError(IMPORT_ERRORS.rate(line, field, value));
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole || '0') * 1_000_000 + Number(fraction.padEnd(6, '0') || '0');
}

const unquote = (field: string) =>
  field
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

function parseRow(text: string, line: number): DorRange {
  const fields = text.split(',').map(unquote);
  if (fields.length !== FIELDS)
    throw new DorFileError(IMPORT_ERRORS.fieldCount(line, fields.length));
  const [zip, low, high, code, state, local, total, start, end] = fields as [
    string, string, string, string, string, string, string, string, string,
  ]; // prettier-ignore
  if (!/^\d{5}$/.test(zip)) throw new DorFileError(IMPORT_ERRORS.zip(line, zip));
  if (!/^\d{4}$/.test(low)) throw new DorFileError(IMPORT_ERRORS.plus4(line, 'PLUS4_LOW', low));
  if (!/^\d{4}$/.test(high)) throw new DorFileError(IMPORT_ERRORS.plus4(line, 'PLUS4_HIGH', high));
  if (low > high) throw new DorFileError(IMPORT_ERRORS.plus4Order(line));
  if (!/^\d{4}$/.test(code)) throw new DorFileError(IMPORT_ERRORS.code(line, code));
  const stateRate = millionths(line, 'STATE', state);
  const localRate = millionths(line, 'LOCAL', local);
  const totalRate = millionths(line, 'TOT_RATE', total);
  if (stateRate + localRate !== totalRate) throw new DorFileError(IMPORT_ERRORS.rateSum(line));
  const startDay = isoDate(line, 'EFF_START', start);
  const endDay = isoDate(line, 'EFF_END', end);
  if (startDay > endDay) throw new DorFileError(IMPORT_ERRORS.dateOrder(line));
  return {
    zip,
    plus4Low: low,
    plus4High: high,
    locationCode: code,
    stateRate: stateRate / 1_000_000,
    localRate: localRate / 1_000_000,
    totalRate: totalRate / 1_000_000,
    start: startDay,
    end: endDay,
    line,
  };
}

function refuseOverlaps(period: DorPeriod): void {
  const byZip = new Map<string, DorRange[]>();
  for (const range of period.ranges) {
    const list = byZip.get(range.zip) ?? [];
    list.push(range);
    byZip.set(range.zip, list);
  }
  for (const ranges of byZip.values()) {
    ranges.sort((a, b) => (a.plus4Low < b.plus4Low ? -1 : a.plus4Low > b.plus4Low ? 1 : 0));
    for (let i = 1; i < ranges.length; i++) {
      const before = ranges[i - 1]!;
      const range = ranges[i]!;
      if (range.plus4Low <= before.plus4High) {
        const [first, second] = before.line < range.line ? [before, range] : [range, before];
        throw new DorFileError(IMPORT_ERRORS.rangesOverlap(second.line, first.line));
      }
    }
  }
}

/** The file's periods with their ranges; throws DorFileError naming the first bad line. */
export function parseDorFile(content: string): DorPeriod[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const periods = new Map<string, DorPeriod>();
  lines.forEach((text, index) => {
    const line = index + 1;
    if (text.trim() === '') return;
    if (index === 0 && /^"?zip"?\s*,/i.test(text.trim())) return;
    const range = parseRow(text, line);
    const key = `${range.start} ${range.end}`;
    let period = periods.get(key);
    if (!period) {
      const overlapping = [...periods.values()].some(
        (other) => range.start <= other.end && other.start <= range.end,
      );
      if (overlapping) throw new DorFileError(IMPORT_ERRORS.periodsOverlap(line));
      period = { start: range.start, end: range.end, ranges: [] };
      periods.set(key, period);
    }
    period.ranges.push(range);
  });
  const result = [...periods.values()].sort((a, b) => (a.start < b.start ? -1 : 1));
  for (const period of result) refuseOverlaps(period);
  return result;
}
