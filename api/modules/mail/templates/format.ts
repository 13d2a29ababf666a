/**
 * Figures and text as emails show them. Money arrives as integer cents and is formatted with
 * integer arithmetic, so no float dollar is ever added, multiplied or rounded on its way to a mail.
 */

/** 1999 → "$19.99"; 123450 → "$1,234.50". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const dollars = (whole - (whole % 100)) / 100;
  return `${sign}$${dollars.toLocaleString('en-US')}.${String(whole % 100).padStart(2, '0')}`;
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

/** Line breaks and other control characters in a value shown on one line: each run becomes a space. */
export function noBreaks(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}

/** A value shown on one line, without line breaks, control characters or surrounding spaces. */
export function oneLine(value: string): string {
  return noBreaks(value).trim();
}

/** A shopper's text as lines, for quoting: any kind of line break splits, control characters go. */
export function textLines(value: string): string[] {
  return (
    value
      .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, '')
      .split('\n')
      .map((line) => line.replace(/\t/g, ' ').trimEnd())
  );
}
