import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { arrivalWindow, DEFAULT_TRANSIT } from '../../core/arrival';
import type { CartValidation } from '../../core/cart/model';
import { shopToday } from '../../core/gift-cards/model';
import { useApi } from '../helpers/api';
import { signedInAdmin } from './admin-helpers';
import { bearer } from './auth-helpers';

const MUG = seedProductId('cedar-ridge-mug');
const PHOTO = seedProductId('olympic-sea-stacks-photo');
const GIFT_CARD = seedProductId('evergreen-gift-card');

/**
 * Issue 41: the cart check answers when the cart arrives (the cart page shows it): a parcel's
 * window for the shipping state the browser last knew, else over every state (the seeded shop's
 * transit table is the spec's 5–7 days everywhere), or what a cart without parcels gets instead.
 */
describe('POST /api/cart/validate: arrival', () => {
  const api = useApi({ seed: true });

  async function arrivalOf(items: unknown[], state?: string) {
    const response = await api.post('/cart/validate', { items, ...(state ? { state } : {}) });
    expect(response.status).toBe(200);
    return ((await response.json()) as CartValidation).arrival;
  }

  it('a cart with a parcel: its window from today, even with a download beside it', async () => {
    const arrival = await arrivalOf([
      { _id: MUG, sku: 'EG-MUG-CEDAR-GRN', quantity: 1, price: 24 },
      { _id: PHOTO, sku: 'EG-DIGITAL-SEASTACKS', quantity: 1, price: 15 },
    ]);
    const window = arrivalWindow({ now: new Date(), closures: [], transit: DEFAULT_TRANSIT });
    expect(arrival).toMatchObject({ kind: 'parcel', ...window });
    expect(arrival?.text).toMatch(/^Arrives [A-Z][a-z]{2} \d{1,2}/);
  });

  it("a cart whose shipping state the browser knows: that state's window", async () => {
    const admin = await signedInAdmin(api);
    const put = await api.app.handle(
      new Request('http://localhost/api/admin/arrival/transit', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...bearer(admin.token).headers },
        body: JSON.stringify({ state: 'VT', min: 8, max: 11 }),
      }),
    );
    expect(put.status).toBe(200);
    const mug = [{ _id: MUG, sku: 'EG-MUG-CEDAR-GRN', quantity: 1, price: 24 }];
    const now = new Date();
    const vermont = arrivalWindow({ now, closures: [], transit: { min: 8, max: 11 } });
    expect(await arrivalOf(mug, 'VT')).toMatchObject({ kind: 'parcel', ...vermont });
    const spec = arrivalWindow({ now, closures: [], transit: DEFAULT_TRANSIT });
    expect(await arrivalOf(mug, 'WA')).toMatchObject({ kind: 'parcel', ...spec });
    // A state the shop does not ship to is no state: the range over every state, not a refusal.
    const widest = arrivalWindow({ now, closures: [], transit: { min: 5, max: 11 } });
    expect(await arrivalOf(mug, 'AK')).toMatchObject({ kind: 'parcel', ...widest });
    expect(await arrivalOf(mug)).toMatchObject({ kind: 'parcel', ...widest });
    const reset = await api.app.handle(
      new Request('http://localhost/api/admin/arrival/transit/VT', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', ...bearer(admin.token).headers },
        body: '{}',
      }),
    );
    expect(reset.status).toBe(200);
  });

  it('a download alone, a gift card alone: what happens instead', async () => {
    expect(
      await arrivalOf([{ _id: PHOTO, sku: 'EG-DIGITAL-SEASTACKS', quantity: 1, price: 15 }]),
    ).toEqual({ kind: 'digital', text: 'Download right after payment' });
    const giftCard = {
      recipientName: 'Grace Hopper',
      recipientEmail: 'grace@example.com',
      message: '',
      deliverOn: shopToday(),
    };
    expect(
      await arrivalOf([
        { _id: GIFT_CARD, sku: 'EG-GIFTCARD-50', quantity: 1, price: 50, giftCard },
      ]),
    ).toEqual({ kind: 'gift_card', text: 'Emailed on the date you choose' });
  });
});
