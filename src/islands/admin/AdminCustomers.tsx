import { useState, type FormEvent } from 'react';
import { formatCents } from '../../../core/money';
import type { CustomerSummary } from '../../../core/admin/customers';
import { useApiGet } from '../../lib/use-api-get';
import { ADMIN_TEXT, RequireAdmin, when } from './RequireAdmin';
import { plural } from './words';
import styles from './Admin.module.css';

interface CustomerList {
  customers: (CustomerSummary & { createdAt: string; lastOrderAt: string | null })[];
  page: number;
  pageSize: number;
  total: number;
}

export const verifiedText = (verified: boolean) => (verified ? 'Verified' : 'Not verified');

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

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (q.trim()) next.set('q', q.trim());
    location.assign(`/admin/customers${next.size ? `?${next}` : ''}`);
  }

  const pageHref = (n: number) => {
    const next = new URLSearchParams(location.search);
    next.set('page', String(n));
    return `/admin/customers?${next}`;
  };

  return (
    <>
      <form className={styles.form} onSubmit={submit} role="search">
        <label>
          Name or email
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button className={styles.button} type="submit">
          Find customers
        </button>
      </form>
      {failed && <p className={styles.error}>{ADMIN_TEXT.failed}</p>}
      {!data && !failed && <p role="status">Loading customers...</p>}
      {data && data.customers.length === 0 && (
        <p>{params.get('q') ? 'No customer matches this search.' : 'No customers yet.'}</p>
      )}
      {data && data.customers.length > 0 && (
        <>
          <p>
            {plural(data.total, 'customer')}
            {data.total > data.pageSize ? `, page ${data.page}` : ''}
          </p>
          <table className={`${styles.table} ${styles.cards}`}>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Email</th>
                <th scope="col">Orders</th>
                <th scope="col">Total spent</th>
                <th scope="col">Last order</th>
              </tr>
            </thead>
            <tbody>
              {data.customers.map((customer) => (
                <tr key={customer.id}>
                  <td data-label="Customer">
                    <a href={`/admin/customers/${customer.id}`}>
                      {customer.firstname} {customer.lastname}
                    </a>
                  </td>
                  <td data-label="Email">
                    <span>
                      {customer.email}
                      <br />
                      {verifiedText(customer.emailVerified)}
                    </span>
                  </td>
                  <td data-label="Orders">{plural(customer.orderCount, 'order')}</td>
                  <td data-label="Total spent">{formatCents(customer.spentCents)}</td>
                  <td data-label="Last order">
                    {customer.lastOrderAt ? when(customer.lastOrderAt) : 'None yet'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>Total spent: what their orders paid, less every refund.</p>
          <nav aria-label="Pages">
            {data.page > 1 && <a href={pageHref(data.page - 1)}>Previous page</a>}{' '}
            {data.page * data.pageSize < data.total && (
              <a href={pageHref(data.page + 1)}>Next page</a>
            )}
          </nav>
        </>
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
