import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxLocations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isPlainText } from '../../../core/plain-text';
import { LOCATION_NAME_MAX, LOCATION_NAME_MESSAGES } from '../../../core/tax/locations';

/**
 * DOR's "location codes and rates" file (dor.wa.gov, "Location codes and rate tables field
 * descriptions": NAME, CODE, STATE, LOCAL, RTA, RATE, EFFECTIVE DATE, EXPIRATION DATE): the one
 * DOR file that names each location code. Its first line names the columns; only NAME (or
 * LOCATION, LOCATION NAME) and CODE (or LOCATION CODE) are read, with EFFECTIVE DATE when present
 * to keep a code's newest name. Comma- or tab-separated, fields may be quoted.
 */
export interface LocationName {
  code: string;
  name: string;
}

const column = (field: string) =>
  field
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, ' ');

const NAME_COLUMNS = ['NAME', 'LOCATION', 'LOCATION NAME', 'LOCATION CODE NAME'];
const CODE_COLUMNS = ['CODE', 'LOCATION CODE', 'LOCATION CODE NUMBER'];
const START_COLUMNS = ['EFFECTIVE DATE', 'EFF START', 'EFFECTIVE START'];

/** One line's fields: separated by `separator`, "quoted" fields may hold it and "" for a quote. */
function fieldsOf(line: string, separator: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"' && current.trim() === '') {
      quoted = true;
      current = '';
    } else if (c === separator) {
      fields.push(current.trim());
      current = '';
    } else current += c;
  }
  fields.push(current.trim());
  return fields;
}

function firstLine(content: string): string {
  return (
    content
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((line) => line.trim() !== '') ?? ''
  );
}

/** Whether a file is DOR's location codes file (its header names a NAME and a CODE column). */
export function isLocationNamesFile(content: string): boolean {
  const header = firstLine(content);
  const separator = header.includes('\t') && !header.includes(',') ? '\t' : ',';
  const columns = fieldsOf(header, separator).map(column);
  return (
    !columns.includes('ZIP') &&
    columns.some((name) => NAME_COLUMNS.includes(name)) &&
    columns.some((name) => CODE_COLUMNS.includes(name))
  );
}

/** The file's codes and names (a code's newest name); throws AppError naming a bad line. */
export function parseLocationNames(content: string): LocationName[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  const header = lines[headerIndex] ?? '';
  const separator = header.includes('\t') && !header.includes(',') ? '\t' : ',';
  const columns = fieldsOf(header, separator).map(column);
  const nameAt = columns.findIndex((name) => NAME_COLUMNS.includes(name));
  const codeAt = columns.findIndex((name) => CODE_COLUMNS.includes(name));
  const startAt = columns.findIndex((name) => START_COLUMNS.includes(name));
  if (nameAt < 0 || codeAt < 0)
    throw new AppError('INVALID_DATA', LOCATION_NAME_MESSAGES.noColumns);
  const newest = new Map<string, { name: string; start: string }>();
  for (let index = headerIndex + 1; index < lines.length; index++) {
    const text = lines[index]!;
    if (text.trim() === '') continue;
    const line = index + 1;
    const fields = fieldsOf(text, separator);
    const code = fields[codeAt] ?? '';
    const name = (fields[nameAt] ?? '').replace(/\s+/g, ' ').trim();
    if (!/^\d{4}$/.test(code)) {
      throw new AppError('INVALID_DATA', LOCATION_NAME_MESSAGES.code(line, code));
    }
    if (!name || name.length > LOCATION_NAME_MAX || !isPlainText(name)) {
      throw new AppError('INVALID_DATA', LOCATION_NAME_MESSAGES.name(line));
    }
    // Dates as DOR writes them (YYYYMMDD, or M/D/YYYY): compared as YYYYMMDD.
    const start = startAt < 0 ? '' : sortableDate(fields[startAt] ?? '');
    const known = newest.get(code);
    if (!known || start >= known.start) newest.set(code, { name, start });
  }
  if (newest.size === 0) throw new AppError('INVALID_DATA', LOCATION_NAME_MESSAGES.empty);
  return [...newest].map(([code, { name }]) => ({ code, name }));
}

function sortableDate(value: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (us) return `${us[3]}${us[1]!.padStart(2, '0')}${us[2]!.padStart(2, '0')}`;
  return value.trim().replace(/-/g, '');
}

/**
 * Imports the names (issue 39 point 10): every code of the file gets its name, a code named
 * before is renamed; codes the file does not list keep theirs. `onWritten` runs in the same
 * transaction (the back office's audit row).
 */
export async function importLocationNames(
  db: Db,
  content: string,
  sourceName: string,
  onWritten?: (tx: Db, count: number) => Promise<void>,
): Promise<{ count: number; message: string }> {
  const names = parseLocationNames(content);
  await db.transaction(async (tx) => {
    for (let i = 0; i < names.length; i += 500) {
      await tx
        .insert(taxLocations)
        .values(
          names
            .slice(i, i + 500)
            .map(({ code, name }) => ({ locationCode: code, name, sourceName })),
        )
        .onConflictDoUpdate({
          target: taxLocations.locationCode,
          set: {
            name: sql`excluded.name`,
            sourceName: sql`excluded.source_name`,
            importedAt: sql`now()`,
          },
        });
    }
    await onWritten?.(tx, names.length);
  });
  return { count: names.length, message: LOCATION_NAME_MESSAGES.imported(names.length) };
}
