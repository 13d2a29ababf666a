import { useCallback, useEffect, useState } from 'react';
import type { OrderNote } from '../../../core/admin/order-notes';
import type { PromisedWindow } from '../../../core/arrival';
import type { OrderAction } from '../../../core/orders/lifecycle';
import { api } from '../../lib/api-client';
import type { RefundFormLine } from './LineRefundForm';
import type { OrderDetail } from './OrderRecord';

/** The order answer: the record, its notes and the actions the server allows now (issue 35). */
export type OrderAnswer = OrderDetail & {
  /** The arrival window promised at checkout and its ship-by day (issue 41); null: none kept. */
  order: { promised?: PromisedWindow };
  notes?: OrderNote[];
  actions?: readonly OrderAction[];
  items: RefundFormLine[];
};

/** One order as the back office reads it, read again by `load` after each action. */
export function useOrderAnswer(id: string) {
  const [data, setData] = useState<OrderAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    void api.get<OrderAnswer>(`/admin/orders/${id}`).then((result) => {
      if (result.ok) setData(result.data);
      else setFailed(true);
    });
  }, [id]);
  useEffect(load, [load]);
  return { data, failed, load };
}
