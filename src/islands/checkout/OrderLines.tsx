import { formatDollars, formatRate } from '../../../core/money';
import { discountRow } from '../../../core/discounts/labels';
import type { DiscountDto } from '../../../core/discounts/model';
import type { OrderItemDto } from '../../../core/orders/model';
import type { OrderAddress } from '../../../core/orders/statuses';
import { personalizationKey } from '../../../core/product/personalized-text';
import PersonalizedTexts from '../shared/PersonalizedTexts';

/** An order line or a priced quote line; both have the shape of the API's order items. */
export type Line = OrderItemDto;

/** The lines of an order or a quote, with a thumbnail, the quantity and the line's price. */
export function OrderLines({
  items,
  warnings = {},
}: {
  items: Line[];
  warnings?: Record<string, string>;
}) {
  return (
    <ul className="order-lines" role="list">
      {items.map((item) => (
        <li
          key={`${item._id} ${item.sku} ${personalizationKey(item.personalization)}`}
          className="order-line"
        >
          {item.image ? (
            <img src={item.image} alt={item.alttext} width="64" height="64" loading="lazy" />
          ) : (
            <span className="thumb-placeholder" aria-hidden="true" />
          )}
          <div className="order-line-text">
            <p className="order-line-title">{item.title}</p>
            {item.variantTitle && <p className="order-line-variant">{item.variantTitle}</p>}
            <PersonalizedTexts texts={item.personalization} />
            <p className="order-line-quantity">
              Qty {item.quantity} × {formatDollars(item.price)}
            </p>
            {warnings[item.sku] && <p className="field-error">{warnings[item.sku]}</p>}
          </div>
          <p className="order-line-price">{formatDollars(item.price * item.quantity)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, the discount code's line (issue 42), sales tax (with its rate) and total. */
export function Totals({
  subtotal,
  discount,
  salesTax,
  tax,
  total,
}: {
  subtotal: number;
  /** The applied code and what it took off, as the server's quote or order says; null: none. */
  discount?: DiscountDto | null | undefined;
  salesTax: number;
  tax: number;
  total: number;
}) {
  return (
    <TotalsList
      rows={[
        ['Subtotal', formatDollars(subtotal)],
        ...(discount ? [discountRow(discount)] : []),
        [`Sales tax (${formatRate(salesTax)})`, formatDollars(tax)],
        ['Shipping', 'Included'],
      ]}
      total={['Total', formatDollars(total)]}
    />
  );
}

/** A list of totals: each row a term and its value, then the total in bold. */
export function TotalsList({
  rows,
  total,
}: {
  rows: readonly (readonly [string, string])[];
  total: readonly [string, string];
}) {
  return (
    <dl className="totals">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="total">
        <dt>{total[0]}</dt>
        <dd>{total[1]}</dd>
      </div>
    </dl>
  );
}

export function AddressBlock({ address }: { address: OrderAddress }) {
  const name = [address.firstname, address.lastname].filter(Boolean).join(' ');
  return (
    <address>
      {name && (
        <>
          <strong>{name}</strong>
          <br />
        </>
      )}
      {address.line1}
      <br />
      {address.line2 && (
        <>
          {address.line2}
          <br />
        </>
      )}
      {address.city}, {address.state} {address.zipcode}
    </address>
  );
}

/** The buyer's name and email, as the review page shows them. */
export function ContactLines({
  contact,
}: {
  contact: { firstname: string; lastname: string; email: string };
}) {
  return (
    <p>
      {contact.firstname} {contact.lastname}
      <br />
      {contact.email}
    </p>
  );
}
