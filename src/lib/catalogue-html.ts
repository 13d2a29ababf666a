import { formatDollars } from '../../core/money';
import type { ProductDto } from '../../core/product/model';
import { productPrice } from '../../core/product/price';
import { isSoldOut, SOLD_OUT_LABEL } from '../../core/product/availability';
import { cardImage } from '../../core/images/product-images';
import { isOnSale, SALE_BADGE, WAS_PRICE_PREFIX } from '../../core/product/sale';

/**
 * The catalogue's repeated markup (product cards, their grid, page links) written as HTML text.
 * The listing pages use it through thin Astro components (ProductGrid, Pagination), and the search
 * page, which is answered for every query anew, assembles its results from it without running
 * Astro's renderer (server/search-page.ts): one source for the markup either way. The styles live
 * in src/styles/catalogue.css, class-based, since this markup carries no scoped-style attributes.
 */

const TEXT_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value made safe to place in HTML. */
export const escapeHtml = (value: string | number): string =>
  String(value).replace(/[&<>"']/g, (character) => TEXT_ESCAPES[character]!);

type AttributeValue = string | number | boolean | undefined;

/** ` name="value"` for each attribute given; `true` writes the bare name, false/undefined nothing. */
export function attributes(values: Record<string, AttributeValue>): string {
  let text = '';
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === false) continue;
    text += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }
  return text;
}

export interface CardOptions {
  /** Images above the fold load eagerly. */
  eager?: boolean;
  /** The `sizes` of the grid the card sits in. */
  sizes?: string;
}

/**
 * A product's card: its picture, title and price, linking to its page, and a "Sold out" badge on
 * its picture when none can be bought. The one card of listings, search, related products and the
 * home page's featured products.
 */
export function productCardHtml(product: ProductDto, options: CardOptions = {}): string {
  const { eager = false, sizes = '(min-width: 64rem) 17rem, 46vw' } = options;
  const first = product.image[0];
  const image = first ? cardImage(first, product) : undefined;
  const img = image
    ? `<img${attributes({
        src: image.src,
        srcset: image.srcset || undefined,
        alt: product.alttext,
        width: image.width,
        height: image.height,
        sizes,
        loading: eager ? 'eager' : 'lazy',
        fetchpriority: eager ? 'high' : 'auto',
        decoding: 'async',
      })}>`
    : '';
  return (
    `<article class="product-card" data-testid="product-card">` +
    `<a href="/productdetailpage/${escapeHtml(product._id)}">${img}<h3>${escapeHtml(product.title)}</h3></a>` +
    priceHtml(product) +
    (isSoldOut(product) ? `<p class="badge sold-out">${SOLD_OUT_LABEL}</p>` : '') +
    (isOnSale(product) ? `<p class="badge sale">${SALE_BADGE}</p>` : '') +
    `</article>`
  );
}

/**
 * A card's price: during a sale (issue 42) the price charged, then the regular price struck
 * through, read out as "Was $26.00".
 */
export function priceHtml(product: ProductDto): string {
  const price = escapeHtml(formatDollars(productPrice(product)));
  if (product.compareAtPrice == null) return `<p class="price">${price}</p>`;
  const was = formatDollars(product.compareAtPrice);
  return (
    `<p class="price on-sale">${price} <s class="was"><span class="visually-hidden">` +
    `${WAS_PRICE_PREFIX}</span>${escapeHtml(was)}</s></p>`
  );
}

export interface GridOptions {
  /** The widest layout: 4 columns for listings, 3 for search (spec §9). */
  columns?: 3 | 4;
  /** How many cards from the top load eagerly (above the fold). */
  eager?: number;
  label?: string | undefined;
}

/** A grid of product cards. */
export function productGridHtml(products: ProductDto[], options: GridOptions = {}): string {
  const { columns = 4, eager = 0, label } = options;
  const sizes = columns === 4 ? '(min-width: 64rem) 16rem, 46vw' : '(min-width: 64rem) 22rem, 46vw';
  const cards = products
    .map(
      (product, index) => `<li>${productCardHtml(product, { eager: index < eager, sizes })}</li>`,
    )
    .join('');
  return `<ul${attributes({ class: `product-grid columns-${columns}`, role: 'list', 'aria-label': label })}>${cards}</ul>`;
}

/** Previous / 'Page N of M' / Next, when there is more than one page. */
export function paginationHtml(page: number, pages: number, hrefOf: (page: number) => string) {
  if (pages <= 1) return '';
  const disabled = (label: string) => `<span aria-hidden="true" class="disabled">${label}</span>`;
  const link = (target: number, rel: string, label: string) =>
    `<a${attributes({ href: hrefOf(target), rel, 'data-page-link': true })}>${label}</a>`;
  return (
    `<nav aria-label="Pages" class="pagination">` +
    (page > 1 ? link(Math.min(page - 1, pages), 'prev', 'Previous') : disabled('Previous')) +
    `<span aria-current="page">Page ${page} of ${pages}</span>` +
    (page < pages ? link(page + 1, 'next', 'Next') : disabled('Next')) +
    `</nav>`
  );
}
