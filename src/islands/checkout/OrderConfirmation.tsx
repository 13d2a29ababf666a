import { useState } from 'react';
import { useHydrated } from '../shared/useHydrated';
import { DOWNLOAD_TERMS, type DownloadLink } from '../../../core/downloads/model';
import type { OrderDto } from '../../../core/orders/model';
import { ORDER_STATUS_TEXT } from '../../../core/orders/order-status';
import { GuestOrder } from '../account/GuestOrder';
import { PaymentList } from '../account/PaymentList';
import { lastOrderToken, takeOverOrder } from './confirmation-state';
import { CHECKOUT_TEXT } from './messages';
import { AddressBlock, OrderLines, Totals } from './OrderLines';
import { GiftSummary } from '../shared/GiftSummary';
import { PromisedArrival } from '../shared/ArrivalLine';
import OwnGiftCardCodes from '../gift-cards/OwnGiftCardCodes';

/** /orderconfirmation: the order the order call answered with, or the Oops text without one. */
export default function OrderConfirmation() {
  const hydrated = useHydrated();
  // Taken over once, on the first render in the browser (the server renders 'Loading…').
  const [taken] = useState<{ order: OrderDto | null; token: string | null } | undefined>(() =>
    typeof window === 'undefined' ? undefined : { order: takeOverOrder(), token: lastOrderToken() },
  );
  const order = hydrated && taken ? taken.order : undefined;

  if (order === undefined) return <p>Loading…</p>;
  if (order === null && taken?.token) {
    // Reloaded after the answer was used: the order again, through its signed link.
    return (
      <div className="confirmation">
        <h2>Thank you for your order!</h2>
        <GuestOrder token={taken.token} />
      </div>
    );
  }
  if (order === null) {
    return (
      <div className="oops" role="alert">
        <p>{CHECKOUT_TEXT.oops}</p>
        <a className="button" href="/checkout">
          {CHECKOUT_TEXT.tryAgain}
        </a>
      </div>
    );
  }
  // Every line a download: there is no parcel to wait for.
  const onlyDownloads =
    order.downloads !== undefined && order.downloads.length === order.items.length;
  return (
    <div className="confirmation">
      <h2>Thank you for your order!</h2>
      <p className="order-number">
        Order number: <strong data-testid="order-number">{order.orderNumber}</strong>
      </p>
      <p>
        A confirmation email is on its way to <strong>{order.guestContact.email}</strong>.{' '}
        {onlyDownloads
          ? 'Nothing ships: your photos are ready to download below.'
          : 'Orders are processed in 1-2 business days and shipping takes 5-7 days.'}
      </p>
      <PromisedArrival promised={order.promised} />
      {order.statusUrl && (
        <p>
          <a className="button" href={order.statusUrl} data-status-link>
            {ORDER_STATUS_TEXT.viewOrder}
          </a>{' '}
          Its status, tracking and downloads, any time: the link is in your email too.
        </p>
      )}
      <Downloads links={order.downloads} />
      <OwnGiftCardCodes codes={order.giftCardCodes} />
      <section aria-labelledby="bought">
        <h3 id="bought">What you bought</h3>
        <OrderLines items={order.items} />
        <Totals
          subtotal={order.subtotal}
          discount={order.discount}
          salesTax={order.salesTax}
          tax={order.tax}
          total={order.total}
        />
        {order.payments?.length > 0 && (
          <>
            <h4>Paid with</h4>
            <PaymentList payments={order.payments} />
          </>
        )}
      </section>
      <WhereItGoes order={order} />
      {order.gift && <GiftSummary id="confirmation-gift" gift={order.gift} />}
      <p>
        <a href="/">Continue shopping</a>
      </p>
    </div>
  );
}

/** Where the order goes: the shipping address, or the billing address when nothing ships. */
function WhereItGoes({ order }: { order: OrderDto }) {
  return order.shippingAddress ? (
    <section aria-labelledby="shipping-to">
      <h3 id="shipping-to">Shipping to</h3>
      {/* The recipient's name heads the address (issue 26); an order without one is the buyer's. */}
      {!order.shippingAddress.firstname && (
        <p>
          {order.guestContact.firstname} {order.guestContact.lastname}
        </p>
      )}
      <AddressBlock address={order.shippingAddress} />
    </section>
  ) : (
    <section aria-labelledby="billed-to">
      <h3 id="billed-to">Billing address</h3>
      <p>
        {order.guestContact.firstname} {order.guestContact.lastname}
      </p>
      <AddressBlock address={order.billingAddress} />
      <p className="hint">{CHECKOUT_TEXT.noShipping}</p>
    </section>
  );
}

/**
 * The paid photos' download links (DECISIONS: Digital products are delivered). The answer of a
 * retried confirmation has none (tokens are kept only as hashes): the email has them then.
 */
function Downloads({ links }: { links: DownloadLink[] | undefined }) {
  if (links === undefined) {
    return (
      <p>
        Bought a photo download? Its link is in your confirmation email, or{' '}
        <a href="/download/request">ask for a fresh link</a>.
      </p>
    );
  }
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="downloads" className="downloads">
      <h3 id="downloads">Your downloads</h3>
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {links.map((link) => (
          <li key={link.itemId}>
            <a className="button" href={link.url} download>
              Download {link.title}
            </a>
          </li>
        ))}
      </ul>
      <p>
        {DOWNLOAD_TERMS} The same links are in your confirmation email. Need a fresh one later?{' '}
        <a href="/download/request">Ask for a fresh link</a>.
      </p>
    </section>
  );
}
