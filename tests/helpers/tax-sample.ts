import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { periodDays, shopDayOf } from '../../core/shop-calendar';

/** The shipped sample of DOR's ZIP+4 file (two quarters: 2026 Q4 and 2027 Q1). */
export const SAMPLE_FILE = resolve('api/modules/tax/sample/wa-zip4-sample.csv');
export const SAMPLE = readFileSync(SAMPLE_FILE, 'utf8');

const compact = (day: string) => day.replaceAll('-', '');

function quarterOf(day: string, offset = 0) {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = Math.floor((month - 1) / 3) + offset;
  const quarterYear = year + Math.floor(index / 4);
  return periodDays(`${quarterYear}-Q${(index % 4) + 1}`)!;
}

/**
 * The sample with its first quarter moved to the quarter of `now` (shop date) and its second to
 * the next, so a test that places orders today finds the sample's rates in force.
 */
export function sampleForToday(now = new Date()): { content: string; start: string; end: string } {
  const today = shopDayOf(now);
  const current = quarterOf(today);
  const next = quarterOf(today, 1);
  const content = SAMPLE.replaceAll(
    '20261001,20261231',
    `${compact(current.start)},${compact(current.end)}`,
  ).replaceAll('20270101,20270331', `${compact(next.start)},${compact(next.end)}`);
  return { content, ...current };
}
