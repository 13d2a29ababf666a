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
/* eslint-enable no-control-regex */

export const SEARCH_TEXT_MESSAGE = 'Search text cannot contain control characters.';

/** The back office's search box: trimmed, at most `max` characters, no control characters. */
export const searchText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !ANY_CONTROL.test(value), SEARCH_TEXT_MESSAGE);
