import { useState } from 'react';
import { formatCents } from '../../../core/money';
import type { CustomerSummary } from '../../../core/admin/customers';
import { useApiGet } from '../../lib/use-api-get';
import { ListSearch, PagedTable, type Column, type ListPage } from './CardTable';
import { RequireAdmin, when } from './RequireAdmin';
import { plural } from './words';

type Customer = CustomerSummary & { createdAt: string; lastOrderAt: string | null };

interface CustomerList extends ListPage {
  customers: Customer[];
}

export const verifiedText = (verified: boolean) => (verified ? 'Verified' : 'Not verified');

const COLUMNS: Column<Customer>[] = [
  {
    label: 'Customer',
    cell: (customer) => (
      <a href={`/admin/customers/${customer.id}`}>
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
        {verifiedText(customer.emailVerified)}
      </span>
    ),
  },
  { label: 'Orders', cell: (customer) => plural(customer.orderCount, 'order') },
  { label: 'Total spent', cell: (customer) => formatCents(customer.spentCents) },
  {
    label: 'Last order',
    cell: (customer) => (customer.lastOrderAt ? when(customer.lastOrderAt) : 'None yet'),
  },
];

/** The customer list (issue 25 point 7): who bought what, searchable by name or email, paged. */
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
        keyOf={(customer) => customer.id}
      />
      {data && data.customers.length > 0 && (
        <p>Total spent: what their orders paid, less every refund.</p>
      )}
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
