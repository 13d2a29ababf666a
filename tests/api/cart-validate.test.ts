import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, productVariants } from '../../api/db/schema';
import { seedProductId } from '../../api/db/seed';
import { CART_MESSAGES, type CartValidation } from '../../core/cart/model';
import { shopToday } from '../../core/gift-cards/model';
import { useApi } from '../helpers/api';

const MUG = seedProductId('cedar-ridge-mug');
const YOGA_BUNDLE = seedProductId('yoga-starter-bundle');
const PHOTO = seedProductId('olympic-sea-stacks-photo');
const ENAMEL_MUG = seedProductId('campfire-enamel-mug');
const GIFT_CARD = seedProductId('evergreen-gift-card');

describe('POST /api/cart/validate', () => {
  const api = useApi({ seed: true });

  async function validate(items: unknown[]): Promise<CartValidation> {
    const response = await api.post('/cart/validate', { items });
    expect(response.status).toBe(200);
    return (await response.json()) as CartValidation;
  }

  it('leaves a cart that is still right alone', async () => {
    const body = await validate([
      { _id: MUG, sku: 'EG-MUG-CEDAR-GRN', quantity: 2, price: 24 },
      { _id: PHOTO, sku: 'EG-DIGITAL-SEASTACKS', quantity: 1, price: 15 },
    ]);
    expect(body.changes).toEqual([]);
    expect(body.items).toMatchObject([
      {
        _id: MUG,
        sku: 'EG-MUG-CEDAR-GRN',
        title: 'Cedar Ridge Stoneware Mug',
        variantTitle: 'Forest Green',
        price: 24,
        stock: 14,
        quantity: 2,
        selectedVariant: { sku: 'EG-MUG-CEDAR-GRN', stock: 14 },
      },
      { _id: PHOTO, sku: 'EG-DIGITAL-SEASTACKS', quantity: 1, category: 'digital' },
    ]);
  });

  it('keeps a gift card line, custom amount included: it has no stock limit, so it is never sold out (issue 35)', async () => {
    const giftCard = {
      recipientName: 'Grace Hopper',
      recipientEmail: 'grace@example.com',
      message: 'Happy birthday!',
      deliverOn: shopToday(),
    };
    const body = await validate([
      {
        _id: GIFT_CARD,
        sku: 'EG-GIFTCARD-CUSTOM',
        quantity: 2,
        price: 140,
        giftCard: { ...giftCard, amount: 140 },
      },
      { _id: GIFT_CARD, sku: 'EG-GIFTCARD-50', quantity: 1, price: 50, giftCard },
    ]);
    expect(body.changes).toEqual([]);
    expect(body.items).toMatchObject([
      {
        _id: GIFT_CARD,
        sku: 'EG-GIFTCARD-CUSTOM',
        quantity: 2,
        price: 140,
        kind: 'gift_card',
        stock: null,
      },
      {
        _id: GIFT_CARD,
        sku: 'EG-GIFTCARD-50',
        quantity: 1,
        price: 50,
        kind: 'gift_card',
        stock: null,
      },
    ]);
    // No stock of 0 for the chosen amount: the cart's rules read none as "not limited".
    expect(body.items[0]!.selectedVariant).toEqual({ sku: 'EG-GIFTCARD-CUSTOM' });
  });

  it('corrects a changed price and says so', async () => {
    const body = await validate([
      { _id: ENAMEL_MUG, sku: 'EG-MUG-ENAMEL', quantity: 1, price: 17.5 },
    ]);
    expect(body.items[0]!.price).toBe(19);
    expect(body.changes).toEqual([
      {
        _id: ENAMEL_MUG,
        sku: 'EG-MUG-ENAMEL',
        kind: 'price',
        message: CART_MESSAGES.price('Campfire Enamel Mug', '$17.50', '$19.00'),
      },
    ]);
    expect(body.changes[0]!.message).toBe(
      'The price of Campfire Enamel Mug changed from $17.50 to $19.00.',
    );
  });

  it('lowers a quantity beyond stock to the stock and says so', async () => {
    await api.test.database.db
      .update(productVariants)
      .set({ quantity: 2 })
      .where(eq(productVariants.sku, 'EG-MUG-CEDAR-BLU'));
    const body = await validate([{ _id: MUG, sku: 'EG-MUG-CEDAR-BLU', quantity: 5, price: 24 }]);
    expect(body.items[0]!.quantity).toBe(2);
    expect(body.changes[0]).toMatchObject({ kind: 'quantity' });
    expect(body.changes[0]!.message).toBe(
      'Only 2 of Cedar Ridge Stoneware Mug (Slate Blue) are left, so your cart now has 2.',
    );
  });

  it('holds a line to 6 and a digital line to 1', async () => {
    const body = await validate([
      { _id: ENAMEL_MUG, sku: 'EG-MUG-ENAMEL', quantity: 9, price: 19 },
      { _id: PHOTO, sku: 'EG-DIGITAL-SEASTACKS', quantity: 3, price: 15 },
    ]);
    expect(body.items.map((item) => item.quantity)).toEqual([6, 1]);
    expect(body.changes.map((change) => change.message)).toEqual([
      CART_MESSAGES.cap('Campfire Enamel Mug', 6),
      CART_MESSAGES.cap('Olympic Coast Sea Stacks — Photo Download', 1),
    ]);
  });

  it('removes a sold-out variant, an unknown sku and a product that is gone, saying so', async () => {
    const body = await validate([
      { _id: MUG, sku: 'EG-MUG-CEDAR-CRM', quantity: 1, price: 22 },
      {
        _id: MUG,
        sku: 'EG-MUG-CEDAR-PURPLE',
        quantity: 1,
        price: 24,
        title: 'Cedar Ridge Stoneware Mug',
      },
      {
        _id: '00000000-0000-4000-8000-000000000000',
        sku: 'GONE',
        quantity: 1,
        price: 10,
        title: 'Old Lantern',
      },
    ]);
    expect(body.items).toEqual([]);
    expect(body.changes.map((change) => [change.kind, change.message])).toEqual([
      ['removed', CART_MESSAGES.soldOut('Cedar Ridge Stoneware Mug (Cream)')],
      ['removed', CART_MESSAGES.removed('Cedar Ridge Stoneware Mug')],
      ['removed', 'Old Lantern is no longer available, so we removed it from your cart.'],
    ]);
  });

  it('knows a bundle line by its joined option skus, with the smallest stock of its parts', async () => {
    const body = await validate([
      {
        _id: YOGA_BUNDLE,
        sku: 'EG-BUNDLE-YOGA-MAT-FIR+EG-BUNDLE-YOGA-STRAP-SLT',
        quantity: 1,
        price: 98,
      },
      {
        _id: YOGA_BUNDLE,
        sku: 'EG-BUNDLE-YOGA-MAT-GLC+EG-BUNDLE-YOGA-STRAP-MOS',
        quantity: 1,
        price: 98,
      },
    ]);
    expect(body.changes).toEqual([]);
    expect(body.items).toMatchObject([
      {
        variantTitle: 'Mat color: Fir Green, Strap color: Slate',
        price: 98,
        stock: 2,
        selectedVariant: { stock: 2 },
      },
      { variantTitle: 'Mat color: Glacier Blue, Strap color: Moss', stock: 4 },
    ]);
  });

  it('makes one line of a bundle sent with its options in two orders, capped at 6', async () => {
    const body = await validate([
      {
        _id: YOGA_BUNDLE,
        sku: 'EG-BUNDLE-YOGA-MAT-GLC+EG-BUNDLE-YOGA-STRAP-MOS',
        quantity: 4,
        price: 98,
      },
      {
        _id: YOGA_BUNDLE,
        sku: 'EG-BUNDLE-YOGA-STRAP-MOS+EG-BUNDLE-YOGA-MAT-GLC',
        quantity: 4,
        price: 98,
      },
    ]);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      sku: 'EG-BUNDLE-YOGA-MAT-GLC+EG-BUNDLE-YOGA-STRAP-MOS',
      sentSkus: [
        'EG-BUNDLE-YOGA-MAT-GLC+EG-BUNDLE-YOGA-STRAP-MOS',
        'EG-BUNDLE-YOGA-STRAP-MOS+EG-BUNDLE-YOGA-MAT-GLC',
      ],
    });
    // Glacier mats: 4 in stock; never more than 6 on the line whatever the split.
    expect(body.items[0]!.quantity).toBe(4);
    expect(body.changes.map((change) => change.kind)).toEqual(['quantity']);
  });

  it('refuses a bundle sku whose options are not one from each list', async () => {
    const body = await validate([
      {
        _id: YOGA_BUNDLE,
        sku: 'EG-BUNDLE-YOGA-MAT-FIR+EG-BUNDLE-YOGA-MAT-GLC',
        quantity: 1,
        price: 98,
      },
      { _id: YOGA_BUNDLE, sku: 'EG-BUNDLE-YOGA-MAT-FIR', quantity: 1, price: 98 },
    ]);
    expect(body.items).toEqual([]);
    expect(body.changes.map((change) => change.kind)).toEqual(['removed', 'removed']);
  });

  it('caps a product of unknown stock at 6', async () => {
    await api.test.database.db
      .update(products)
      .set({ quantity: null })
      .where(eq(products.id, ENAMEL_MUG));
    const body = await validate([
      { _id: ENAMEL_MUG, sku: 'EG-MUG-ENAMEL', quantity: 8, price: 19 },
    ]);
    expect(body.items[0]).toMatchObject({ quantity: 6, stock: null });
  });

  it('answers an empty cart with nothing to change', async () => {
    expect(await validate([])).toEqual({ items: [], changes: [] });
  });

  it.each([
    ['a line without a product id', { items: [{ sku: 'X', quantity: 1, price: 1 }] }],
    ['a malformed product id', { items: [{ _id: 'nope', sku: 'X', quantity: 1, price: 1 }] }],
    ['a quantity of 0', { items: [{ _id: MUG, sku: 'X', quantity: 0, price: 1 }] }],
    ['a negative price', { items: [{ _id: MUG, sku: 'X', quantity: 1, price: -1 }] }],
    ['no items list', {}],
  ])('refuses %s with 400', async (_name, body) => {
    const response = await api.post('/cart/validate', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(CART_MESSAGES.invalidLine);
  });
});
