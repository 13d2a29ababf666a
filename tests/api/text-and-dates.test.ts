import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { MESSAGES } from '../../api/lib/errors';
import { useApi } from '../helpers/api';
import { SAMPLE } from '../helpers/tax-sample';
import { guestOrder, mugLine, sandboxToken } from '../helpers/orders';
import { paidOrder, signedInAdmin } from './admin-helpers';

/**
 * Text with NUL, lone surrogates or control characters, and dates outside 2000–2100 (issue 36
 * row 12): each is refused with 400 and a clear message, never a 500.
 */
const NUL = 'a\u0000b';
const LONE = 'a\ud800b';
const BELL = 'a\u0007b';

interface Probe {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

describe('strange text and far dates', () => {
  const api = useApi({ seed: true });

  it('answers 400 with a message, never 500', async () => {
    const admin = await signedInAdmin(api);
    const orderId = await paidOrder(api);
    const product = seedProductId('campfire-enamel-mug');
    const taxFile = (start: string, end: string) =>
      SAMPLE.replaceAll('20261001,20261231', `${start},${end}`);
    const probes: Probe[] = [];
    for (const day of ['9999-01-01', '0000-01-01', '1999-12-31', '2101-01-01', '275760-09-13']) {
      probes.push(
        {
          name: `export from ${day}`,
          method: 'GET',
          path: `/admin/exports/orders.csv?from=${day}&to=2026-01-01`,
        },
        {
          name: `export to ${day}`,
          method: 'GET',
          path: `/admin/exports/order-lines.csv?from=2026-01-01&to=${day}`,
        },
        { name: `orders list from ${day}`, method: 'GET', path: `/admin/orders?from=${day}` },
        { name: `orders list to ${day}`, method: 'GET', path: `/admin/orders?to=${day}` },
      );
    }
    for (const period of ['9999-Q4', '0000-01', '1999-12', '2101-Q1']) {
      probes.push(
        { name: `tax report ${period}`, method: 'GET', path: `/admin/tax/report?period=${period}` },
        {
          name: `tax csv ${period}`,
          method: 'GET',
          path: `/admin/tax/report.csv?period=${period}`,
        },
      );
    }
    for (const [start, end] of [
      ['99991001', '99991231'],
      ['00001001', '00001231'],
      ['20261001', '99991231'],
    ] as const) {
      probes.push({
        name: `tax import ${start}-${end}`,
        method: 'POST',
        path: '/admin/tax/import',
        body: { fileName: 'rates.csv', content: taxFile(start, end) },
      });
    }
    for (const [label, text] of [
      ['NUL', NUL],
      ['lone surrogate', LONE],
      ['bell', BELL],
    ] as const) {
      probes.push(
        {
          name: `note with ${label}`,
          method: 'POST',
          path: `/admin/orders/${orderId}/notes`,
          body: { text },
        },
        {
          name: `stock SKU with ${label}`,
          method: 'POST',
          path: '/admin/products/stock',
          body: { sku: text, quantity: 3 },
        },
        {
          name: `bulk stock SKU with ${label}`,
          method: 'POST',
          path: '/admin/products/stock/bulk',
          body: { items: [{ sku: text, quantity: 3 }] },
        },
        {
          name: `restock alert SKU with ${label}`,
          method: 'POST',
          path: '/restock-alerts',
          body: { productId: product, sku: text, email: 'ada@example.com' },
        },
        {
          name: `cancel note with ${label}`,
          method: 'POST',
          path: `/admin/orders/${orderId}/cancel`,
          body: { reason: text, note: text },
        },
        // A URL cannot carry a lone surrogate (it decodes to U+FFFD): NUL and BEL only.
        ...(text === LONE
          ? []
          : [
              {
                name: `order search with ${label}`,
                method: 'GET' as const,
                path: `/admin/orders?q=${encodeURIComponent(text)}`,
              },
            ]),
      );
    }
    // A gift order whose message holds the character: the message alone is refused.
    const { token } = await sandboxToken(api);
    const order = await guestOrder(api, [mugLine(1)], token);
    for (const [label, text] of [
      ['NUL', NUL],
      ['lone surrogate', LONE],
    ] as const) {
      probes.push({
        name: `gift message with ${label}`,
        method: 'POST',
        path: '/orders/orderconfirmation',
        body: { ...order, gift: { message: text } },
      });
    }
    const failures: string[] = [];
    for (const probe of probes) {
      const init: RequestInit = {
        headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': crypto.randomUUID() },
      };
      const answer =
        probe.method === 'GET'
          ? await api.get(probe.path, init)
          : await api.post(probe.path, probe.body, init);
      const body = (await answer.json().catch(() => ({}))) as { error?: string };
      if (answer.status !== 400 || !body.error || body.error === MESSAGES.invalidData) {
        failures.push(`${probe.name}: ${answer.status} ${body.error ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
