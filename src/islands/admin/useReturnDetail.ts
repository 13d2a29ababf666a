import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { allBackOnSale, type RestockChoice } from './ReturnRestockFields';

export interface ReturnDetail {
  request: {
    id: string;
    status: 'requested' | 'approved' | 'received' | 'refunded' | 'declined';
    message: string;
    declineReason: string | null;
  };
  order: { id: string; number: number; email: string; totalCents: number };
  items: { orderItemId: string; quantity: number; title: string; variantTitle: string | null }[];
  lines: {
    id: string;
    title: string;
    variantTitle: string | null;
    quantity: number;
    unitPriceCents: number;
    /** The line's own sales tax, in cents: a refund gives back its share. */
    taxCents: number;
    refundedQuantity: number;
  }[];
  refunds: { id: string; amountCents: number; status: string; createdAt: string }[];
  refundedCents: number;
}

/**
 * One return request as the owner sees it, with the form's starting choices: every returned unit
 * back on sale, and the returned units of each line (up to what is not yet refunded) to refund.
 */
export function useReturnDetail(id: string) {
  const [data, setData] = useState<ReturnDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState<Record<string, RestockChoice>>({});

  const load = useCallback(() => {
    void api.get<ReturnDetail>(`/admin/returns/${id}`).then((result) => {
      if (!result.ok) {
        setFailed(true);
        return;
      }
      setData(result.data);
      setRestock(allBackOnSale(result.data.items));
      const returned = new Map(result.data.items.map((item) => [item.orderItemId, item.quantity]));
      setQuantities(
        Object.fromEntries(
          result.data.lines.map((line) => [
            line.id,
            String(Math.min(returned.get(line.id) ?? 0, line.quantity - line.refundedQuantity)),
          ]),
        ),
      );
    });
  }, [id]);
  useEffect(load, [load]);

  return { data, failed, load, quantities, setQuantities, restock, setRestock };
}
