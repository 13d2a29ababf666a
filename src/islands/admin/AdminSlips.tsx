import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { formatCents } from '../../../core/money';
import { SLIP_TEXT, type Slip, type SlipsAnswer } from '../../../core/admin/slips';
import { ADMIN_TEXT, RequireAdmin } from './RequireAdmin';
import { ITEM_COLUMNS, ItemCells, PickList } from './PickList';
import styles from './Slips.module.css';
import adminStyles from './Admin.module.css';
import { SHOP_TIME_ZONE } from '../../../core/shop-calendar';
import { TableHead } from '../shared/TableHead';
import { ORDER_STATE } from '../../../core/orders/lifecycle';

/** The slip's lines and, on a priced slip, its subtotal and discount. */
function SlipLines({ slip }: { slip: Slip }) {
  return (
    <table className={styles.lines}>
      <TableHead
        columns={[
          ...ITEM_COLUMNS,
          { title: 'Quantity', className: styles.number },
          slip.showPrices && { title: 'Price', className: styles.number },
        ]}
      />
      <tbody>
        {slip.lines.map((line) => (
          <tr key={`${line.sku}-${line.title}-${(line.personalization ?? []).join()}`}>
            <ItemCells line={line} />
            <td className={styles.number}>{line.quantity}</td>
            {slip.showPrices && (
              <td className={styles.number}>{formatCents(line.unitPriceCents ?? 0)}</td>
            )}
          </tr>
        ))}
      </tbody>
      {slip.showPrices && slip.subtotalCents !== undefined && (
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Subtotal
            </th>
            <td className={styles.number}>{formatCents(slip.subtotalCents)}</td>
          </tr>
          {slip.discount && (
            <tr>
              <th scope="row" colSpan={4}>
                {SLIP_TEXT.discount(slip.discount.code)}
              </th>
              <td className={styles.number}>−{formatCents(slip.discount.amountCents)}</td>
            </tr>
          )}
        </tfoot>
      )}
    </table>
  );
}

/** One order's packing slip: the shop and its return address, the parcel's, the lines. */
function SlipPage({ slip, shop }: { slip: Slip; shop: SlipsAnswer['shop'] }) {
  const { shipTo } = slip;
  return (
    <section className={styles.slip} data-testid="slip" aria-label={`Order ${slip.number}`}>
      <div className={styles.head}>
        <div>
          <h2>{shop.name}</h2>
          {shop.returnAddress && (
            <p className={styles.address}>
              {SLIP_TEXT.returnTo}: {shop.returnAddress}
            </p>
          )}
        </div>
        <p>
          Order {slip.number}
          <br />
          {new Date(slip.createdAt).toLocaleDateString('en-US', {
            dateStyle: 'medium',
            timeZone: SHOP_TIME_ZONE,
          })}
        </p>
      </div>
      <h3>{SLIP_TEXT.shipTo}</h3>
      <address className={styles.address} data-testid="ship-to">
        {[
          shipTo.name,
          shipTo.line1,
          shipTo.line2,
          `${shipTo.city}, ${shipTo.state} ${shipTo.zipcode}`,
        ]
          .filter(Boolean)
          .join('\n')}
      </address>
      {slip.giftMessage && (
        <>
          <h3>{SLIP_TEXT.giftMessage}</h3>
          <p className={styles.message} data-testid="gift-message">
            {slip.giftMessage}
          </p>
        </>
      )}
      <SlipLines slip={slip} />
    </section>
  );
}

/** The print view: ?ids=a,b for chosen orders, ?unfulfilled=1 for every order waiting to ship. */
function SlipsBody() {
  const [data, setData] = useState<SlipsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const query = new URLSearchParams();
    // The parameter is named after the state whose orders it prints.
    if (params.get(ORDER_STATE.unfulfilled)) query.set(ORDER_STATE.unfulfilled, '1');
    else query.set('ids', params.get('ids') ?? '');
    void api.get<SlipsAnswer>(`/admin/slips?${query}`).then((result) => {
      if (result.ok) setData(result.data);
      else setFailed(true);
    });
  }, []);
  if (failed) return <p className={adminStyles.error}>{ADMIN_TEXT.failed}</p>;
  if (!data) return <p role="status">Loading the slips...</p>;
  if (data.slips.length === 0) return <p>{SLIP_TEXT.nothing}</p>;
  return (
    <>
      <div className={styles.toolbar}>
        <button type="button" onClick={() => window.print()}>
          {SLIP_TEXT.print}
        </button>
        <a href="/admin/orders">Back to orders</a>
      </div>
      {data.slips.map((slip) => (
        <SlipPage key={slip.orderId} slip={slip} shop={data.shop} />
      ))}
      <PickList lines={data.pickList} orders={data.slips.length} />
    </>
  );
}

export default function AdminSlips() {
  return (
    <RequireAdmin>
      <SlipsBody />
    </RequireAdmin>
  );
}
