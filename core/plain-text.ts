import { z } from 'zod';

/*
 * What plain text the shop takes (order notes, cancel notes, replies, gift messages, searches):
 * never a control character, which a database text column, an email or a spreadsheet would
 * choke on or show as nothing. Messages keep their line breaks; one-line text takes none.
 */
/* eslint-disable no-control-regex -- control characters are what these refuse */
/** Control characters other than the line breaks (\n, \r) a message may keep. */
export const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Every control character: one-line text (a search) takes none. */
export const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Text shown on one line (a subject, a name in an email): each run of breaks or controls is a space. */
export function noBreaks(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}

/** A shopper's text as lines, for quoting: any kind of line break splits, control characters go. */
export function textLines(value: string): string[] {
  return value
    .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n')
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, '')
    .split('\n')
    .map((line) => line.replace(/\t/g, ' ').trimEnd());
}
/* eslint-enable no-control-regex */

/** Half of a UTF-16 pair without its other half: not a character; no database or email takes it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The one plain-text rule (issue 36 row 12): no NUL or other control character (a message may keep
 * its line breaks) and no lone surrogate. Every text a request brings goes through it.
 */
export function isPlainText(value: string, options: { lineBreaks?: boolean } = {}): boolean {
  const control = options.lineBreaks ? CONTROL_EXCEPT_LINE_BREAKS : ANY_CONTROL;
  return !control.test(value) && !LONE_SURROGATE.test(value);
}

export const SEARCH_TEXT_MESSAGE = 'Search text cannot contain control characters.';
export const SKU_MESSAGE = 'Enter the SKU: 1 to 100 characters, without control characters.';

/** The back office's search box: trimmed, at most `max` characters, no control characters. */
export const searchText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => isPlainText(value), SEARCH_TEXT_MESSAGE);

/** A product's or variant's SKU as a request names it (stock, back-in-stock alerts). */
export const skuText = z
  .string({ error: SKU_MESSAGE })
  .trim()
  .min(1, SKU_MESSAGE)
  .max(100, SKU_MESSAGE)
  .refine((value) => isPlainText(value), SKU_MESSAGE);
