import { describe, expect, it } from 'vitest';
import type { CheckedLine } from '../../core/cart/model';
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
  kind: 'goods',
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
      kind: 'goods',
      taxClass: 'standard',
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

  const checkedMat = (quantity: number, stock: number): CheckedLine => ({
    _id: BUNDLE,
    title: 'Yoga Starter Bundle',
    sku: 'MAT',
    price: 98,
    supplier: 'warehouse',
    category: 'yoga',
    kind: 'goods',
    taxClass: 'standard',
    priceCents: 9800,
    stock,
    alttext: '',
    stockSkus: ['MAT'],
    sentSkus: ['MAT'],
    quantity,
  });

  it('keeps a quantity the shopper set while the check was on its way, within today’s stock', () => {
    const sent = [line('MAT', 1)];
    $cart.set(sent);
    // Typed 4 before the answer (about the 1 sent) came back with a new price.
    $cart.set([line('MAT', 4)]);
    applyCartCheck([{ ...checkedMat(1, 10), price: 90, priceCents: 9000 }], sent);
    expect($cart.get()[0]).toMatchObject({ quantity: 4, price: 90 });

    $cart.set(sent);
    $cart.set([line('MAT', 5)]);
    applyCartCheck([checkedMat(1, 3)], sent);
    expect($cart.get()[0]).toMatchObject({ quantity: 3, stock: 3 });
  });

  it('takes the server’s quantity for a line left as it was sent', () => {
    const sent = [line('MAT', 5)];
    $cart.set(sent);
    applyCartCheck([checkedMat(2, 2)], sent);
    expect($cart.get()[0]).toMatchObject({ quantity: 2 });
  });
});
