import { useEffect, useEffectEvent, useState } from 'react';
import type { QuoteDto } from '../../../core/orders/model';
import { setOrderSummary } from '../../stores/checkout';
import { postJson } from '../shared/api';

/**
 * The order as the server prices it: asked for `request` (a quote body, null while the checkout is
 * not ready), asked again when it changes or when `refresh` does (after a refused confirm), never
 * while `paused` (confirming). The checkout keeps the figures for the confirmation page.
 */
export function useQuote(request: object | null, refresh: number, paused: boolean) {
  const [quote, setQuote] = useState<QuoteDto | null>(null);
  const [quoteError, setQuoteError] = useState('');
  const [discountRefused, setDiscountRefused] = useState(false);
  const body = request === null ? null : JSON.stringify(request);
  const isPaused = useEffectEvent(() => paused);
  useEffect(() => {
    if (body === null || isPaused()) return;
    let cancelled = false;
    postJson<QuoteDto>('/orders/quote', JSON.parse(body)).then((result) => {
      if (cancelled) return;
      if (!result.ok) {
        // A refused discount code (issue 42): its own sentence, which the page offers to drop.
        setQuoteError(result.fields?.discountCode ?? result.error);
        setDiscountRefused(Boolean(result.fields?.discountCode));
        return;
      }
      setQuoteError('');
      setDiscountRefused(false);
      setQuote(result.data);
      setOrderSummary({
        items: result.data.items.map((item) => ({ ...item, _id: item._id ?? '' })),
        salesTax: result.data.salesTax,
        subtotal: result.data.subtotal,
      });
    });
    return () => {
      cancelled = true;
    };
  }, [body, refresh]);
  return { quote, quoteError, discountRefused };
}
