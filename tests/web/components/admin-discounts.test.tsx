import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DISCOUNT_ADMIN_MESSAGES,
  DISCOUNT_MESSAGES,
  type DiscountCodeDto,
} from '../../../core/discounts/model';
import AdminDiscounts from '../../../src/islands/admin/AdminDiscounts';
import { DISCOUNT_FORM_TEXT as T } from '../../../src/islands/admin/discount-form';
import { fakeApi, ok, refused, serverError } from '../support/fake-api';
import { signedIn } from '../support/session';
import { user } from '../support/user';

/*
 * Issue 42's back office: the owner's discount codes listed, made with one form checked by the
 * shared schema (each sentence under its field, the server's too), paused and activated.
 */

const CATEGORIES = {
  categories: [
    { name: 'Home', subcategories: ['Kitchen'] },
    { name: 'Pets', subcategories: ['Dog'] },
  ],
};
const CANDLE = '00000000-0000-4000-8000-0000000000c1';
/** The stock list's rows the product filter reads: a row a variant, so a product may come twice. */
const PRODUCTS = {
  items: [
    { productId: CANDLE, title: 'Douglas Fir Soy Candle', sku: 'EG-CANDLE-FIR' },
    { productId: '00000000-0000-4000-8000-0000000000c2', title: 'Fir Tree Mug', sku: 'EG-MUG-S' },
    { productId: '00000000-0000-4000-8000-0000000000c2', title: 'Fir Tree Mug', sku: 'EG-MUG-L' },
    { productId: '00000000-0000-4000-8000-0000000000c3', title: 'Rope Tug Toy', sku: 'EG-TUG' },
  ],
};
const winter: DiscountCodeDto = {
  _id: '00000000-0000-4000-8000-0000000000d1',
  code: 'WINTER10',
  kind: 'percent',
  value: 10,
  minSubtotal: 0,
  categories: ['Home'],
  productIds: [],
  startsOn: null,
  endsOn: null,
  maxUses: null,
  oncePerCustomer: true,
  status: 'active',
  uses: 2,
  given: 5.2,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
};

beforeEach(() => signedIn());

describe('the back office discount codes', () => {
  it('says when there are none, and when the list cannot be loaded, with Try again', async () => {
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/discounts': serverError(),
    });
    render(<AdminDiscounts />);
    await user.click(await screen.findByRole('button', { name: T.retry }));
    api.answer('GET /admin/discounts', ok({ codes: [] }));
    await user.click(await screen.findByRole('button', { name: T.retry }));
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it('checks the form with the schema, shows the server’s taken name, then lists the new code', async () => {
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/discounts': ok({ codes: [] }),
      'GET /admin/categories': ok(CATEGORIES),
      'GET /admin/products': ok(PRODUCTS),
      'POST /admin/discounts': refused(409, DISCOUNT_ADMIN_MESSAGES.codeTaken, {
        code: DISCOUNT_ADMIN_MESSAGES.codeTaken,
      }),
    });
    render(<AdminDiscounts />);
    await user.click(await screen.findByRole('button', { name: T.newCode }));
    await user.type(screen.getByLabelText(T.code), 'w!');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(screen.getByLabelText(T.code)).toHaveAccessibleDescription(
      `${T.codeHint} ${DISCOUNT_MESSAGES.format}`,
    );
    expect(screen.getByLabelText(T.valuePercent)).toHaveAccessibleDescription(
      DISCOUNT_ADMIN_MESSAGES.percentRange,
    );
    expect(screen.getByLabelText(T.code)).toHaveFocus();
    expect(api.sent('POST /admin/discounts')).toHaveLength(0);

    await user.clear(screen.getByLabelText(T.code));
    await user.type(screen.getByLabelText(T.code), 'winter10');
    await user.type(screen.getByLabelText(T.valuePercent), '10');
    await user.click(await screen.findByRole('checkbox', { name: 'Home' }));
    await user.click(screen.getByRole('checkbox', { name: T.oncePerCustomer }));
    // Products: none offered before a word; then the matches, each product once.
    expect(screen.queryByRole('checkbox', { name: 'Rope Tug Toy' })).toBeNull();
    await user.type(screen.getByLabelText(T.productsFilter), 'fir');
    expect(screen.getAllByRole('checkbox', { name: 'Fir Tree Mug' })).toHaveLength(1);
    expect(screen.queryByRole('checkbox', { name: 'Rope Tug Toy' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Douglas Fir Soy Candle' }));
    await user.clear(screen.getByLabelText(T.productsFilter));
    expect(screen.getByRole('checkbox', { name: 'Douglas Fir Soy Candle' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(
      await screen.findByText(DISCOUNT_ADMIN_MESSAGES.codeTaken, { selector: 'p[id]' }),
    ).toBeInTheDocument();
    expect(api.sent('POST /admin/discounts')[0]!.body).toMatchObject({
      code: 'WINTER10',
      kind: 'percent',
      value: 10,
      categories: ['Home'],
      productIds: [CANDLE],
      oncePerCustomer: true,
      maxUses: null,
    });

    api.answer('POST /admin/discounts', ok({ code: winter }, 201));
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(DISCOUNT_ADMIN_MESSAGES.saved)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.newCode })).toHaveFocus();
    const row = screen.getByRole('row', { name: /WINTER10/ });
    expect(row).toHaveTextContent('10 %');
    expect(row).toHaveTextContent('Home');
    expect(row).toHaveTextContent('2 / no limit');
    expect(row).toHaveTextContent('$5.20');
  });

  it('pauses an active code and edits one with its saved values', async () => {
    const api = fakeApi({
      'GET /admin/access': ok({ admin: true }),
      'GET /admin/discounts': ok({ codes: [winter] }),
      'GET /admin/categories': ok(CATEGORIES),
      'GET /admin/products': ok(PRODUCTS),
      [`POST /admin/discounts/${winter._id}/pause`]: ok({ code: { ...winter, status: 'paused' } }),
    });
    render(<AdminDiscounts />);
    await user.click(await screen.findByRole('button', { name: 'Pause WINTER10' }));
    expect(await screen.findByText(DISCOUNT_ADMIN_MESSAGES.paused)).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /WINTER10/ });
    expect(within(row).getByRole('button', { name: 'Activate WINTER10' })).toBeInTheDocument();
    expect(api.sent(`POST /admin/discounts/${winter._id}/pause`)).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: 'Edit WINTER10' }));
    expect(screen.getByRole('heading', { name: T.editHeading('WINTER10') })).toHaveFocus();
    expect(screen.getByLabelText(T.valuePercent)).toHaveValue('10');
    expect(await screen.findByRole('checkbox', { name: 'Home' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: T.oncePerCustomer })).toBeChecked();
  });
});
