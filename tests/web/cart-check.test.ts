import { describe, expect, it } from 'vitest';
import type { CheckedLine } from '../../api/modules/cart/model';
import { $cart, applyCartCheck, type CartItem } from '../../src/stores/cart';

const BUNDLE = '00000000-0000-4000-8000-000000000001';
const line = (sku: string, quantity: number): CartItem => ({
  _id: BUNDLE,
  title: 'Yoga Starter Bundle',
  sku,
  price: 98,
  quantity,
  supplier: 'warehouse',
  category: 'yoga',
});

describe('applying the server’s cart check', () => {
  it('replaces a bundle sent in two option orders by the one line the server made of them', () => {
    const sent = [line('MAT+STRAP', 4), line('STRAP+MAT', 4)];
    $cart.set(sent);
    const merged: CheckedLine = {
      _id: BUNDLE,
      title: 'Yoga Starter Bundle',
      sku: 'MAT+STRAP',
      price: 98,
      supplier: 'warehouse',
      category: 'yoga',
      selectedVariant: { sku: 'MAT+STRAP', stock: 8 },
      priceCents: 9800,
      stock: 8,
      alttext: '',
      stockSkus: ['MAT', 'STRAP'],
      sentSkus: ['MAT+STRAP', 'STRAP+MAT'],
      quantity: 6,
    };
    applyCartCheck([merged], sent);
    expect($cart.get()).toHaveLength(1);
    expect($cart.get()[0]).toMatchObject({ sku: 'MAT+STRAP', quantity: 6 });
  });
});
