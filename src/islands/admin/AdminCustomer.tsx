import { useState } from 'react';
import { formatCents } from '../../../core/money';
import { CUSTOMER_TEXT, type CustomerSummary } from '../../../core/admin/customers';
import { useApiGet } from '../../lib/use-api-get';
import { accountText, shopDayText } from './AdminCustomers';
import { CardTable } from './CardTable';
import { orderColumns, type ListedOrder } from './order-columns';
import { ADMIN_TEXT, RequireAdmin, when } from './RequireAdmin';
import { plural } from './words';
import styles from './Admin.module.css';
import figures from './Figures.module.css';

interface CustomerDetail {
  customer: CustomerSummary & { createdAt: string; lastOrderAt: string | null };
  orders: ListedOrder[];
  addresses: {
    id: string;
    line1: string;
    line2: string;
    city: string;
    state: string;
    zipcode: string;
  }[];
  /** Brand and last four only: the API gives nothing more of a card. */
  cards: { id: string; brand: string; last4: string }[];
}

const ORDER_COLUMNS = orderColumns();

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

const SAVED_TEXT = {
  addresses: { title: 'Saved addresses', empty: 'No saved addresses.' },
  cards: { title: 'Saved cards', empty: 'No saved cards.' },
} as const;

type SavedItem = { id: string; text: string };

const addressItem = (a: CustomerDetail['addresses'][number]): SavedItem => ({
  id: a.id,
  text: [a.line1, a.line2, `${a.city}, ${a.state} ${a.zipcode}`].filter(Boolean).join(', '),
});

const cardItem = (card: CustomerDetail['cards'][number]): SavedItem => ({
  id: card.id,
  text: `${brandName(card.brand)} ending ${card.last4}`,
});

/** A panel listing what the customer saved (addresses, cards), or saying there is none. */
function SavedList({ kind, items }: { kind: keyof typeof SAVED_TEXT; items: SavedItem[] }) {
  const id = `customer-${kind}`;
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h3 id={id}>{SAVED_TEXT[kind].title}</h3>
      {items.length === 0 ? (
        <p>{SAVED_TEXT[kind].empty}</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.id}>{item.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One customer (issue 25 point 7): their figures, orders, addresses and cards; or one guest (issue
 * 39 point 8: `guest`, by one of their orders' id): their figures and orders. The read is audited.
 */
function CustomerBody({ id, guest }: { id: string; guest: boolean }) {
  const [data, setData] = useState<CustomerDetail | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const path = guest ? `/admin/customers/guests/${id}` : `/admin/customers/${id}`;
  useApiGet<CustomerDetail>(path, (result) => {
    if (result.ok) setData(result.data);
    else setFailed((result.status === 404 && result.error) || ADMIN_TEXT.failed);
  });

  if (failed) return <p className={styles.error}>{failed}</p>;
  if (!data) return <p role="status">Loading the customer...</p>;
  const { customer } = data;
  return (
    <div className={styles.wrap}>
      <h2>
        {customer.firstname} {customer.lastname}
      </h2>
      <p>
        <a href={`mailto:${customer.email}`}>{customer.email}</a> ·{' '}
        <span data-testid="customer-verified">{accountText(customer)}</span> ·{' '}
        {customer.kind === 'guest' ? 'First order' : 'Customer since'} {when(customer.createdAt)}
      </p>
      {customer.kind === 'guest' && <p>{CUSTOMER_TEXT.guestNote}</p>}
      <ul className={styles.figures}>
        <li>
          <strong>{plural(customer.orderCount, 'order')}</strong>
        </li>
        <li>
          <strong data-testid="customer-spent" className={figures.money}>
            {formatCents(customer.spentCents)}
          </strong>{' '}
          spent
        </li>
        <li>{CUSTOMER_TEXT.figures}</li>
        <li>
          <strong>{shopDayText(customer.lastOrderDay)}</strong> last order
        </li>
      </ul>
      <section className={styles.panel} aria-labelledby="customer-orders">
        <h3 id="customer-orders">Orders</h3>
        {data.orders.length === 0 ? (
          <p>No orders yet.</p>
        ) : (
          <CardTable rows={data.orders} columns={ORDER_COLUMNS} keyOf={(order) => order.id} />
        )}
      </section>
      {customer.kind === 'customer' && (
        <>
          <SavedList kind="addresses" items={data.addresses.map(addressItem)} />
          <SavedList kind="cards" items={data.cards.map(cardItem)} />
        </>
      )}
    </div>
  );
}

export default function AdminCustomer({ id, guest = false }: { id: string; guest?: boolean }) {
  return (
    <RequireAdmin>
      <CustomerBody id={id} guest={guest} />
    </RequireAdmin>
  );
}
