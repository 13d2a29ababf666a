import { useState } from 'react';
import { GuestOrder } from './GuestOrder';
import { OrderStatusForm } from './OrderStatusForm';

/**
 * /orderstatus: with a signed link (`?t=…`) the order it opens; always the form that emails the
 * link again.
 */
export default function OrderStatusPage() {
  const [token] = useState(() =>
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('t'),
  );
  return (
    <>
      {token && <GuestOrder token={token} />}
      <OrderStatusForm />
    </>
  );
}
