import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { centsToDollars, formatDollars } from '../../../core/money';
import { addressSchema, type AddressInput } from '../../../core/address/model';
import type { CartValidation } from '../../../core/cart/model';
import type { QuoteDto } from '../../../core/orders/model';
import type { CartItem } from '../../stores/cart';
import { postJson } from '../shared/api';
import { ArrivalLine, type ArrivalAnswer } from '../shared/ArrivalLine';
import { $auth } from '../../stores/auth';
import { $checkout } from '../../stores/checkout';
import { discountFields } from './order-request';
import { OrderLines, Totals, TotalsList, type Line } from './OrderLines';
import styles from './OrderSummary.module.css';

type DiscountFields = ReturnType<typeof discountFields>;

/** The address the tax follows: the shipping one, or the billing one for digital items only. */
export type TaxFrom = 'shipping' | 'billing';

/** What the summary shows: the server's figures, with tax once the shipping state is known. */
type Figures =
  | { kind: 'loading' }
  | { kind: 'failed'; text: string }
  | { kind: 'untaxed'; items: Line[]; subtotal: number; arrival: ArrivalAnswer | null }
  | { kind: 'quoted'; quote: QuoteDto };

const lineOf = (item: CartValidation['items'][number]): Line => ({
  _id: item._id,
  title: item.title,
  variantTitle: item.variantTitle ?? null,
  sku: item.sku,
  image: item.image ?? null,
  alttext: item.alttext,
  quantity: item.quantity,
  price: item.price,
  ...(item.personalization ? { personalization: item.personalization } : {}),
});

/**
 * The server's figures for a cart: a quote (subtotal, tax, total) once the address is complete,
 * otherwise the checked lines and their subtotal. The browser never adds prices up itself.
 */
async function figuresFor(
  cart: CartItem[],
  address: AddressInput | null,
  taxFrom: TaxFrom,
  discount: DiscountFields,
): Promise<Figures> {
  const items = cart.map(({ _id, sku, quantity, price, title, variantTitle, personalization }) => ({
    _id,
    sku,
    quantity,
    price,
    ...(personalization ? { personalization } : {}),
    ...(title ? { title } : {}),
    ...(variantTitle ? { variantTitle } : {}),
  }));
  const taxAddress = address ? addressSchema.safeParse(address) : null;
  if (taxAddress?.success) {
    const body =
      taxFrom === 'shipping'
        ? { items, shippingAddress: taxAddress.data }
        : { items, shippingAddress: null, billingAddress: taxAddress.data };
    let quote = await postJson<QuoteDto>('/orders/quote', { ...body, ...discount });
    // A code that no longer applies (the billing step's field says why): the figures without it.
    if (!quote.ok && quote.fields?.discountCode)
      quote = await postJson<QuoteDto>('/orders/quote', body);
    if (quote.ok) return { kind: 'quoted', quote: quote.data };
  }
  const checked = await postJson<CartValidation>('/cart/validate', { items });
  if (!checked.ok) return { kind: 'failed', text: checked.error };
  const cents = checked.data.items.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  return {
    kind: 'untaxed',
    items: checked.data.items.map(lineOf),
    subtotal: centsToDollars(cents),
    arrival: checked.data.arrival ?? null,
  };
}

/** The totals before the tax's address is known. */
function UntaxedTotals({ subtotal, taxFrom }: { subtotal: number; taxFrom: TaxFrom }) {
  return (
    <TotalsList
      rows={[
        ['Subtotal', formatDollars(subtotal)],
        ['Sales tax', `Calculated from your ${taxFrom} address`],
        ['Shipping', 'Included'],
      ]}
      total={['Total before tax', formatDollars(subtotal)]}
    />
  );
}

/** The applied discount code (issue 42), with a guest's email for a once-per-customer code. */
function useAppliedDiscount(): DiscountFields {
  const checkout = useStore($checkout);
  return discountFields({ checkout, isGuest: !useStore($auth).isLoggedIn });
}

/** The figure the folded summary shows: the total, or the subtotal before tax is known. */
function totalOf(figures: Figures): number | null {
  if (figures.kind === 'quoted') return figures.quote.total;
  return figures.kind === 'untaxed' ? figures.subtotal : null;
}

/**
 * The order summary beside the shipping and billing steps (issue 13 point 5): the items, the
 * subtotal, the tax once the state is known, the total, and when it arrives (for the shipping
 * state once it is known, issue 41). Beside the form on a wide screen; above it
 * on a phone, folded to one line that says the total and opens on a tap.
 */
export function OrderSummary({
  cart,
  address,
  taxFrom = 'shipping',
}: {
  cart: CartItem[];
  /** The tax's address as far as it is known; tax shows once it is a whole, valid address. */
  address: AddressInput | null;
  taxFrom?: TaxFrom | undefined;
}) {
  const [figures, setFigures] = useState<Figures>({ kind: 'loading' });
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const discount = useAppliedDiscount();
  const key = JSON.stringify([
    cart,
    taxFrom,
    address && addressSchema.safeParse(address).success && address,
    discount,
  ]);

  useEffect(() => {
    let active = true;
    // A short wait so typing an address asks the server once, not at every key.
    const timer = setTimeout(() => {
      void figuresFor(cart, address, taxFrom, discount).then((next) => {
        if (active) setFigures(next);
      });
    }, 250);
    return () => {
      active = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const count = cart.reduce((sum, item) => sum + item.quantity, 0);
  const total = totalOf(figures);

  return (
    <aside className={styles.summary} aria-labelledby={`${bodyId}-title`}>
      <h2 id={`${bodyId}-title`} className={styles.title}>
        Order summary
      </h2>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
      >
        <span>
          {open ? 'Hide' : 'Show'} order summary ({count} {count === 1 ? 'item' : 'items'})
        </span>
        {total !== null && <strong>{formatDollars(total)}</strong>}
      </button>
      <div id={bodyId} className={`${styles.body} ${open ? styles.open : ''}`}>
        {figures.kind === 'loading' && <p role="status">Loading the summary…</p>}
        {figures.kind === 'failed' && <p className="form-error">{figures.text}</p>}
        {figures.kind === 'quoted' && (
          <>
            <OrderLines items={figures.quote.items} />
            <Totals {...figures.quote} />
            <ArrivalLine arrival={figures.quote.arrival} />
          </>
        )}
        {figures.kind === 'untaxed' && (
          <>
            <OrderLines items={figures.items} />
            <UntaxedTotals subtotal={figures.subtotal} taxFrom={taxFrom} />
            <ArrivalLine arrival={figures.arrival} />
          </>
        )}
      </div>
    </aside>
  );
}

/** A step's form with the summary: beside it on a wide screen, above it on a phone. */
export function WithOrderSummary({
  cart,
  address,
  taxFrom,
  children,
}: {
  cart: CartItem[];
  address: AddressInput | null;
  taxFrom?: TaxFrom | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.columns}>
      <OrderSummary cart={cart} address={address} taxFrom={taxFrom} />
      {children}
    </div>
  );
}
