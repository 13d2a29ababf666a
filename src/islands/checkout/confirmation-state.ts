import type { OrderDto } from '../../../core/orders/model';

/**
 * The order call's answer travels to /orderconfirmation (spec: it "receives its state from the
 * order call") through sessionStorage, once: the page moves it into its history entry, so a
 * reload of that entry shows the order again, and a fresh visit shows the Oops text.
 */
const KEY = 'evergreen.orderconfirmation';

export function handOverOrder(order: OrderDto): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(order));
  } catch {
    // Storage unavailable: the confirmation page will say so with its Oops text.
  }
}

export function takeOverOrder(): OrderDto | null {
  const fromHistory = (history.state as { order?: OrderDto } | null)?.order;
  if (fromHistory) return fromHistory;
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    const order = JSON.parse(raw) as OrderDto;
    history.replaceState({ ...(history.state as object | null), order }, '');
    return order;
  } catch {
    return null;
  }
}
