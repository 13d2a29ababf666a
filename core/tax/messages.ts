/**
 * The texts of Washington's sales tax by location (issue 28), shown by the checkout, the back
 * office's tax page and the importer, and asserted by the tests word for word.
 */

/** Where a shopper finds their ZIP+4 (USPS's own lookup). */
export const USPS_ZIP_LOOKUP_URL = 'https://tools.usps.com/zip-code-lookup.htm';

export const TAX_MESSAGES = {
  /** Under the ZIP field when a Washington ZIP spans location codes. */
  zipNeedsPlus4:
    'This ZIP code covers places with different sales tax. Please enter your ZIP+4 (for example 98052-1234).',
  /** The sentence saying why, beside the USPS link. */
  zipNeedsPlus4Why:
    'Washington charges the sales tax of the exact place a parcel goes to, and your ZIP code spans more than one.',
  uspsLinkText: 'Find your ZIP+4 on the USPS website',
  /** A ZIP+4 the rate file does not know, in a ZIP that spans location codes. */
  plus4Unknown:
    'We could not find this ZIP+4 in Washington’s tax rates. Please check the last four digits.',
  /** The tax page when no imported period covers the shop's today. */
  noCurrentPeriod: (today: string) =>
    `No Washington rate file covers today (${today}): orders are taxed from the built-in ZIP-prefix table. Download this quarter’s ZIP+4 file from the Department of Revenue and import it.`,
  /** The tax page when today's period ends soon and the next quarter's file is not loaded. */
  nextPeriodMissing: (end: string) =>
    `The Washington rates loaded end on ${end}. Import the next quarter’s ZIP+4 file before then.`,
  imported: (periods: string, ranges: number) => `Imported ${ranges} ZIP+4 ranges for ${periods}.`,
  fileEmpty: 'The file has no rate rows.',
  fileTooLarge: 'The file is too large for a ZIP+4 rate file.',
  periodOverlaps: (start: string, end: string) =>
    `This file’s period ${start} to ${end} overlaps a period already imported with other dates. Only a period with the same dates is replaced.`,
} as const;

/** The importer's refusals: each names the line of the file (1 = the first line). */
export const IMPORT_ERRORS = {
  fieldCount: (line: number, found: number) =>
    `Line ${line}: expected 9 comma-separated fields (ZIP, PLUS4_LOW, PLUS4_HIGH, CODE, STATE, LOCAL, TOT_RATE, EFF_START, EFF_END), found ${found}.`,
  zip: (line: number, value: string) => `Line ${line}: ZIP “${value}” is not five digits.`,
  plus4: (line: number, field: string, value: string) =>
    `Line ${line}: ${field} “${value}” is not four digits.`,
  plus4Order: (line: number) => `Line ${line}: PLUS4_LOW is greater than PLUS4_HIGH.`,
  code: (line: number, value: string) =>
    `Line ${line}: location code “${value}” is not four digits.`,
  rate: (line: number, field: string, value: string) =>
    `Line ${line}: ${field} “${value}” is not a rate between 0 and 1 (a fraction such as 0.065).`,
  rateSum: (line: number) => `Line ${line}: TOT_RATE is not STATE plus LOCAL.`,
  date: (line: number, field: string, value: string) =>
    `Line ${line}: ${field} “${value}” is not a date written YYYYMMDD.`,
  dateRange: (line: number, field: string, value: string) =>
    `Line ${line}: ${field} “${value}” is not a date between 2000 and 2100.`,
  dateOrder: (line: number) => `Line ${line}: EFF_START is after EFF_END.`,
  periodsOverlap: (line: number) =>
    `Line ${line}: its period overlaps another period of the file with other dates.`,
  rangesOverlap: (line: number, other: number) =>
    `Line ${line}: its ZIP+4 range overlaps the range on line ${other} for the same period.`,
} as const;

export const TAX_REPORT_TEXT = {
  outsideWashington: 'Outside Washington',
  fallbackTable: 'Washington, no location code (fallback table)',
} as const;
