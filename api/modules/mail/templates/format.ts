/**
 * Text as emails show it. Money and tax rates are formatted by core/money.ts (`formatCents`,
 * `formatRate`), as every page shows them.
 */

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

/** Order lines as the emails list them: '2 × Cedar Hoodie (M)'. */
export const itemLines = (
  items: readonly { title: string; variantTitle: string | null; quantity: number }[],
): string[] =>
  items.map(
    (item) =>
      `${item.quantity} × ${item.title}${item.variantTitle ? ` (${item.variantTitle})` : ''}`,
  );
