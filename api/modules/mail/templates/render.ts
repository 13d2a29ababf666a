import { plainTextSelectors, render } from '@react-email/render';
import { compile, type SelectorDefinition } from 'html-to-text';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { oneLine } from './format';
import type { ShopDetails } from './shop';

/** An email ready for `enqueueMail`: spread it beside `kind`, `to` and `replyTo`. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * The text part, read from the HTML: React Email's own reading (images and the preview line left
 * out, layout cells as blocks), then ours: headings as written, tables marked
 * `data-text-format="dataTable"` as aligned columns, and blockquotes as lines starting with "> ",
 * which is what keeps a shopper's quoted text from passing for the shop's own lines. Compiled
 * once: compiling the selectors costs more than converting an email.
 */
const toText = compile({
  wordwrap: false,
  selectors: [
    ...(plainTextSelectors as SelectorDefinition[]),
    ...['h1', 'h2', 'h3'].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
    })),
    {
      selector: '[data-text-format="dataTable"]',
      format: 'dataTable',
      options: { uppercaseHeaderCells: false },
    },
    {
      selector: 'blockquote',
      format: 'blockquote',
      options: { leadingLineBreaks: 1, trailingLineBreaks: 1, trimEmptyLines: false },
    },
  ],
});

/**
 * Renders an email element (see EmailLayout.tsx) into its HTML part and a plain-text part read
 * from that HTML; the subject is kept to one line. A few milliseconds once warm with
 * NODE_ENV=production (`npm run bench:mail`); the first render in a process takes longer.
 */
export async function renderEmail(
  element: ReactElement,
  { subject }: { subject: string },
): Promise<RenderedEmail> {
  const html = await render(element);
  return { subject: oneLine(subject), html, text: toText(html).trim() };
}

/**
 * The usual email: a template that shows `data` for the shop, and a subject made from the same
 * data. `emailOf(OrderShipped, (data) => \`Order ${data.number} has shipped\`)` is the function
 * that renders it for `enqueueMail`.
 */
export function emailOf<Data>(
  Template: ComponentType<{ data: Data; shop: ShopDetails }>,
  subjectOf: (data: Data) => string,
): (data: Data, shop: ShopDetails) => Promise<RenderedEmail> {
  return (data, shop) =>
    renderEmail(createElement(Template, { data, shop }), { subject: subjectOf(data) });
}
