import { useState } from 'react';
import { formatCents } from '../../../core/money';
import { CUSTOMER_TEXT, type CustomerSummary } from '../../../core/admin/customers';
import { useApiGet } from '../../lib/use-api-get';
import { ListSearch, PagedTable, type Column, type ListPage } from './CardTable';
import { RequireAdmin } from './RequireAdmin';
import figures from './Figures.module.css';
import { plural } from './words';

type Customer = CustomerSummary & { createdAt: string; lastOrderAt: string | null };

interface CustomerList extends ListPage {
  customers: Customer[];
}

export const verifiedText = (verified: boolean) => (verified ? 'Verified' : 'Not verified');

/** What the account is: "Guest" for orders placed without one, else whether its email is verified. */
export const accountText = (customer: Pick<CustomerSummary, 'kind' | 'emailVerified'>) =>
  customer.kind === 'guest' ? CUSTOMER_TEXT.guest : verifiedText(customer.emailVerified);

/** A customer's page: an account's by its id, a guest's by their latest order's. */
export const customerHref = (customer: Pick<CustomerSummary, 'kind' | 'id'>) =>
  customer.kind === 'guest'
    ? `/admin/customers/guests/${customer.id}`
    : `/admin/customers/${customer.id}`;

/** A shop day (YYYY-MM-DD, America/Los_Angeles, as the API gives it) as "Nov 26, 2026". */
export const shopDayText = (day: string | null) =>
  day
    ? new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
        dateStyle: 'medium',
        timeZone: 'UTC',
      })
    : 'None yet';

const COLUMNS: Column<Customer>[] = [
  {
    label: 'Customer',
    cell: (customer) => (
      <a href={customerHref(customer)}>
        {customer.firstname} {customer.lastname}
      </a>
    ),
  },
  {
    label: 'Email',
    cell: (customer) => (
      <span>
        {customer.email}
        <br />
        <span data-kind={customer.kind}>{accountText(customer)}</span>
      </span>
    ),
  },
  { label: 'Orders', cell: (customer) => plural(customer.orderCount, 'order') },
  {
    label: 'Total spent',
    cell: (customer) => <span className={figures.money}>{formatCents(customer.spentCents)}</span>,
  },
  { label: 'Last order', cell: (customer) => shopDayText(customer.lastOrderDay) },
];

/**
 * The customer list (issue 25 point 7, issue 39 point 8): accounts and guests (one row per email,
 * marked "Guest"), who bought what, searchable by name or email, paged.
 */
function CustomersBody() {
  const params = new URLSearchParams(location.search);
  const [q, setQ] = useState(params.get('q') ?? '');
  const [data, setData] = useState<CustomerList | null>(null);
  const [failed, setFailed] = useState(false);
  const query = new URLSearchParams({ page: params.get('page') ?? '1' });
  if (params.get('q')) query.set('q', params.get('q')!);

  useApiGet<CustomerList>(`/admin/customers?${query}`, (result) => {
    if (result.ok) setData(result.data);
    else setFailed(true);
  });

  return (
    <>
      <ListSearch searchLabel="Name or email" q={q} onQ={setQ} submitLabel="Find customers" />
      <PagedTable
        list={data}
        rows={data?.customers ?? []}
        failed={failed}
        loading="Loading customers..."
        empty={params.get('q') ? 'No customer matches this search.' : 'No customers yet.'}
        noun="customer"
        columns={COLUMNS}
        keyOf={(customer) => `${customer.kind}-${customer.id}`}
      />
      {data && data.customers.length > 0 && <p>{CUSTOMER_TEXT.figures}</p>}
    </>
  );
}

export default function AdminCustomers() {
  return (
    <RequireAdmin>
      <CustomersBody />
    </RequireAdmin>
  );
}
