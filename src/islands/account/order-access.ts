import { createContext, useContext } from 'react';
import { ORDER_LINK_HEADER } from '../../../core/orders/order-status';
import { api, type ApiCallOptions } from '../../lib/api-client';

/**
 * How an order card reaches its order's routes: a signed-in customer through their session
 * (/orders/…), a guest through the order's signed link (/orders/guest/…, the link in a header).
 * The card, its forms and its downloads read it from context, so both pages share them.
 */
export interface OrderAccess {
  /** Where cancel, issue and return go. */
  base: '/orders' | '/orders/guest';
  /** Where a fresh download link is made. */
  reissuePath: string;
  options?: ApiCallOptions;
}

export const ACCOUNT_ACCESS: OrderAccess = { base: '/orders', reissuePath: '/downloads/reissue' };

export const linkAccess = (token: string): OrderAccess => ({
  base: '/orders/guest',
  reissuePath: '/orders/guest/download',
  options: { anonymous: true, headers: { [ORDER_LINK_HEADER]: token } },
});

export const OrderAccessContext = createContext<OrderAccess>(ACCOUNT_ACCESS);

/** POSTs `body` to one of the order's routes (`cancel`, `issue`, `return`) as the access allows. */
export function useOrderPost() {
  const access = useContext(OrderAccessContext);
  return {
    access,
    post: <T>(route: string, body: unknown) =>
      api.post<T>(`${access.base}/${route}`, body, access.options),
    reissue: <T>(body: unknown) => api.post<T>(access.reissuePath, body, access.options),
  };
}
