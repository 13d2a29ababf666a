import type { OrderEmailData } from '../../api/modules/mail/templates';

/** The shop as the email templates take it. */
export const SAMPLE_SHOP = {
  siteName: 'Evergreen',
  siteUrl: 'http://localhost:4321',
  shopEmail: 'support@evergreen.example',
};

type Item = OrderEmailData['items'][number];

/**
 * A paid guest order of `items` shipped to Seattle (tax 10.35 %), for rendering the order emails:
 * its subtotal, tax (rounded to the cent) and total are worked out from the items, as the shop
 * would store them.
 */
export function sampleOrderEmail(items: Item[]): OrderEmailData {
  const subtotalCents = items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0);
  const taxRate = 0.1035;
  const taxCents = Math.round(subtotalCents * taxRate);
  return {
    order: {
      id: '3f1c2a9e-2b7d-4c1e-9a55-1b2c3d4e5f60',
      number: 1042,
      isGuest: true,
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      shippingAddress: {
        line1: '400 Pine St',
        line2: 'Suite 200',
        city: 'Seattle',
        state: 'WA',
        zipcode: '98101',
      },
      subtotalCents,
      taxRate,
      taxCents,
      totalCents: subtotalCents + taxCents,
      paymentStatus: 'paid',
    },
    items,
    payments: [
      { method: 'sandbox', brand: 'visa', last4: '4242', amountCents: subtotalCents + taxCents },
    ],
  };
}

/** Two of the demo catalogue's stoneware mugs in Forest Green. */
export const CEDAR_MUGS: Item = {
  title: 'Cedar Ridge Stoneware Mug',
  variantTitle: 'Forest Green',
  sku: 'EG-MUG-CEDAR-GRN',
  quantity: 2,
  unitPriceCents: 2400,
};
