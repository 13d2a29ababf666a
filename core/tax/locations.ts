/**
 * Washington's location codes by name (issue 39 point 10): DOR's "location codes and rates" file
 * names each code ("Redmond", "King County Unincorp. Areas"); the tax page imports it beside the
 * ZIP+4 file and the report shows the name beside the code. The texts here are the importer's.
 */
export const LOCATION_NAME_MESSAGES = {
  imported: (count: number) =>
    `Imported the names of ${count} location code${count === 1 ? '' : 's'}.`,
  empty: 'The file has no location rows.',
  noColumns:
    'This looks like a location codes file, but its first line names no NAME and CODE columns.',
  code: (line: number, value: string) =>
    `Line ${line}: location code “${value}” is not four digits.`,
  name: (line: number) =>
    `Line ${line}: the location name is empty, too long (over 100 characters) or holds control characters.`,
} as const;

/** The longest location name kept (DOR's are under 40 characters). */
export const LOCATION_NAME_MAX = 100;
