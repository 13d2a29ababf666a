import type { OrderDto } from '../../../core/orders/model';

/**
 * The order call's answer travels to /orderconfirmation (spec: it "receives its state from the
 * order call") through sessionStorage, once: the page moves it into its history entry. Its signed
 * status link stays in sessionStorage, so a reload of the page in the same tab (whose history
 * entry may have lost the order) shows the order again from the server.
 */
const KEY = 'evergreen.orderconfirmation';
const LINK_KEY = 'evergreen.orderconfirmation.link';

export function handOverOrder(order: OrderDto): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(order));
    if (order.statusUrl) sessionStorage.setItem(LINK_KEY, order.statusUrl);
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

/**
 * The signed link's token of the last order placed in this tab, when the page was reloaded (or
 * come back to): a fresh visit to /orderconfirmation still says there is nothing to confirm.
 */
export function lastOrderToken(): string | null {
  try {
    const [visit] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (visit?.type !== 'reload' && visit?.type !== 'back_forward') return null;
    const url = sessionStorage.getItem(LINK_KEY);
    return url ? new URL(url, window.location.href).searchParams.get('t') : null;
  } catch {
    return null;
  }
}
