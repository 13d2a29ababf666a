import { discountRow } from '../../../core/discounts/labels';
import type { DiscountDto } from '../../../core/discounts/model';
import { formatCents } from '../../../core/money';
import type { OrderAddress } from '../../../core/orders/statuses';
import type { PersonalizedText } from '../../../core/product/personalized-text';
import PersonalizedTexts from '../shared/PersonalizedTexts';
import { NO_CARRIER, UNTRACKED_TEXT } from '../../../core/admin/model';
import { GiftSummary, recipientOf } from '../shared/GiftSummary';
import type { OrderMoney } from '../../../core/admin/order-money';
import { CardTable, type Column } from './CardTable';
import { historyLine } from './history-notes';
import { when } from './RequireAdmin';
import { statusLabel } from './words';
import styles from './Admin.module.css';

/** Who an order is for, as the back office's list and detail both show it. */
export interface OrderHeading {
  id: string;
  number: number;
  email: string;
  firstname: string;
  lastname: string;
  createdAt: string;
}

export interface OrderDetail {
  order: OrderHeading & {
    isGuest: boolean;
    /** The account that placed it; null for a guest. */
    userId?: string | null;
    /** null: digital items only, nothing to ship (issue 24). */
    shippingAddress: OrderAddress | null;
    billingAddress: OrderAddress;
    subtotalCents: number;
    /** The discount code applied and what it took off (issue 42); null: none. */
    discount?: DiscountDto | null;
    taxCents: number;
    totalCents: number;
    shippingStatus: string;
    paymentStatus: string;
    /** A gift (issue 26): its message (null: not a gift), hidden prices, recipient's email. */
    giftMessage?: string | null;
    giftHidePrices?: boolean;
    giftRecipientEmail?: string | null;
  };
  items: {
    id: string;
    title: string;
    variantTitle: string | null;
    sku: string;
    quantity: number;
    unitPriceCents: number;
    /** A personalized line's texts (issue 40): what the workshop makes. */
    personalization?: PersonalizedText[] | null;
  }[];
  payments: {
    provider: string;
    reference: string;
    status: string;
    brand: string | null;
    last4: string | null;
  }[];
  money: OrderMoney;
  shipment: {
    carrier: string;
    trackingNumber: string | null;
    trackingUrl: string | null;
    shippedAt: string | null;
    deliveredAt: string | null;
  } | null;
  emails: { id: string; subject: string; status: string; createdAt: string }[];
  history: {
    action: string;
    actorEmail: string;
    after: Record<string, unknown> | null;
    createdAt: string;
  }[];
}

type Item = OrderDetail['items'][number];

const ITEM_COLUMNS: Column<Item>[] = [
  {
    label: 'Item',
    cell: (item) => (
      <>
        {item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title}
        <PersonalizedTexts texts={item.personalization} />
      </>
    ),
  },
  { label: 'SKU', cell: (item) => item.sku },
  { label: 'Quantity', cell: (item) => item.quantity },
  { label: 'Price', cell: (item) => formatCents(item.unitPriceCents * item.quantity) },
];

const addressText = (a: OrderAddress) =>
  [recipientOf(a), a.line1, a.line2, `${a.city}, ${a.state} ${a.zipcode}`]
    .filter(Boolean)
    .join(', ');

/** How the order went out: carrier, tracking, shipped and delivered. */
function ShipmentPanel({ shipment }: { shipment: NonNullable<OrderDetail['shipment']> }) {
  return (
    <section className={styles.panel} aria-labelledby="shipment-title">
      <h3 id="shipment-title">Shipment</h3>
      <p>
        {shipment.carrier === NO_CARRIER ? UNTRACKED_TEXT : `${shipment.carrier}, tracking `}
        {shipment.trackingUrl ? (
          <a href={shipment.trackingUrl}>{shipment.trackingNumber}</a>
        ) : (
          shipment.trackingNumber
        )}
        {shipment.shippedAt ? `, shipped ${when(shipment.shippedAt)}` : ''}
        {shipment.deliveredAt ? `, delivered ${when(shipment.deliveredAt)}` : ''}
      </p>
    </section>
  );
}

/** Who ordered (a customer's page, a guest or an account) and the addresses. */
function ContactPanel({ order }: { order: OrderDetail['order'] }) {
  return (
    <section className={styles.panel} aria-labelledby="contact-title">
      <h3 id="contact-title">Contact and addresses</h3>
      <p>
        {order.firstname} {order.lastname} (
        {order.userId ? (
          <a href={`/admin/customers/${order.userId}`}>account: customer page</a>
        ) : order.isGuest ? (
          'guest'
        ) : (
          'account'
        )}
        ), <a href={`mailto:${order.email}`}>{order.email}</a>
      </p>
      <p>
        Ship to:{' '}
        {order.shippingAddress
          ? addressText(order.shippingAddress)
          : 'nothing to ship (digital items only)'}
      </p>
      <p>Bill to: {addressText(order.billingAddress)}</p>
    </section>
  );
}

/** What the owner reads of an order: shipment, items and totals, contact, emails and history. */
export function OrderRecord({ data }: { data: OrderDetail }) {
  const { order } = data;
  return (
    <>
      {order.giftMessage != null && (
        <GiftSummary
          className={styles.panel}
          id="order-gift-title"
          recipient={recipientOf(order.shippingAddress)}
          gift={{
            message: order.giftMessage,
            hidePrices: order.giftHidePrices ?? false,
            recipientEmail: order.giftRecipientEmail ?? null,
          }}
        />
      )}
      {data.shipment && <ShipmentPanel shipment={data.shipment} />}
      <section className={styles.panel} aria-labelledby="items-title">
        <h3 id="items-title">Items</h3>
        <CardTable rows={data.items} columns={ITEM_COLUMNS} keyOf={(item) => item.id} />
        <p>
          Subtotal {formatCents(order.subtotalCents)} ·{' '}
          {order.discount && <>{discountRow(order.discount).join(' ')} · </>}
          Tax {formatCents(order.taxCents)} · Total <strong>{formatCents(order.totalCents)}</strong>
        </p>
      </section>
      <ContactPanel order={order} />
      <section className={styles.panel} aria-labelledby="emails-title">
        <h3 id="emails-title">Emails</h3>
        <ul>
          {data.emails.map((mail) => (
            <li key={mail.id}>
              {when(mail.createdAt)}: {mail.subject} ({statusLabel(mail.status)})
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.panel} aria-labelledby="history-title">
        <h3 id="history-title">History</h3>
        <ul>
          <li>{when(order.createdAt)}: Placed</li>
          {data.history.map((entry, i) => (
            <li key={i}>
              {when(entry.createdAt)}: {historyLine(entry)}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
