import { describe, expect, it } from 'vitest';
import { seedProductId } from '../../api/db/seed';
import { arrivalWindow, DEFAULT_TRANSIT } from '../../core/arrival';
import type { CartValidation } from '../../core/cart/model';
import { shopToday } from '../../core/gift-cards/model';
import { useApi } from '../helpers/api';

const MUG = seedProductId('cedar-ridge-mug');
const PHOTO = seedProductId('olympic-sea-stacks-photo');
const GIFT_CARD = seedProductId('evergreen-gift-card');

/**
 * Issue 41: the cart check answers when the cart arrives before the shipping state is known (the
 * cart page shows it): a parcel's window over every state (the seeded shop's transit table is the
 * spec's 5–7 days everywhere), or what a cart without parcels gets instead.
 */
describe('POST /api/cart/validate: arrival', () => {
  const api = useApi({ seed: true });

  async function arrivalOf(items: unknown[]) {
    const response = await api.post('/cart/validate', { items });
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
