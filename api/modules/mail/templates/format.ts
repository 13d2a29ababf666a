/**
 * Text as emails show it. Money and tax rates are formatted by core/money.ts (`formatCents`,
 * `formatRate`), as every page shows them.
 */
import { noBreaks } from '../../../../core/plain-text';

/** The one rule for control characters lives in core/plain-text.ts; emails use it as it is. */
export { noBreaks, textLines } from '../../../../core/plain-text';

/** A value shown on one line, without line breaks, control characters or surrounding spaces. */
export function oneLine(value: string): string {
  return noBreaks(value).trim();
}

/** Order lines as the emails list them: '2 × Cedar Hoodie (M)'. */
export const itemLines = (
  items: readonly { title: string; variantTitle: string | null; quantity: number }[],
): string[] =>
  items.map(
    (item) =>
      `${item.quantity} × ${item.title}${item.variantTitle ? ` (${item.variantTitle})` : ''}`,
  );
