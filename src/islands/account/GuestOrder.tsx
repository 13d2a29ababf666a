import { useCallback, useMemo, useState } from 'react';
import type { DownloadLine } from '../../../core/downloads/model';
import type { HistoryOrder } from '../../../core/orders/history-model';
import { ORDER_STATUS_TEXT } from '../../../core/orders/order-status';
import { api } from '../../lib/api-client';
import { useAsyncEffect } from './useAsyncEffect';
import { linkAccess, OrderAccessContext } from './order-access';
import { OrderCard } from './OrderCard';
import { OrderDownloads } from './OrderDownloads';
import styles from '../shared/Account.module.css';
import own from './Orders.module.css';

type Load =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'ready'; order: HistoryOrder; downloads: DownloadLine[] };

/**
 * One order opened by its signed link (`token`): the same card a signed-in customer has, its
 * actions sent with the link instead of a session; a refused or expired link says so.
 */
export function GuestOrder({ token }: { token: string }) {
  const access = useMemo(() => linkAccess(token), [token]);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useAsyncEffect(
    () =>
      api.get<{ order: HistoryOrder; downloads: DownloadLine[] }>('/orders/guest', access.options),
    (result) => {
      if (result.ok) setLoad({ kind: 'ready', ...result.data });
      else if (result.status === 401 || result.status === 404) setLoad({ kind: 'invalid' });
      else setLoad({ kind: 'failed' });
    },
    [access, version],
  );

  if (load.kind === 'loading') {
    return (
      <p className={styles.hint} role="status">
        Loading your order...
      </p>
    );
  }
  if (load.kind !== 'ready') {
    return (
      <div className={styles.error} role="alert">
        <p>
          {load.kind === 'invalid' ? ORDER_STATUS_TEXT.linkInvalid : ORDER_STATUS_TEXT.loadFailed}
        </p>
      </div>
    );
  }
  return (
    <OrderAccessContext.Provider value={access}>
      <ul className={own.orders} role="list">
        <OrderCard order={load.order} reload={reload}>
          <OrderDownloads lines={load.downloads} />
        </OrderCard>
      </ul>
    </OrderAccessContext.Provider>
  );
}
