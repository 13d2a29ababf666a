import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_MESSAGES } from '../../../core/user/addresses-model';
import type { SavedPaymentDto } from '../../../core/user/cards-model';
import AddressesPage from '../../../src/islands/account/AddressesPage';
import StoredPaymentsPage from '../../../src/islands/account/StoredPaymentsPage';
import { fakeApi, ok, refused, serverError } from '../support/fake-api';
import { FERN, signedIn } from '../support/session';
import { fill, user } from '../support/user';

/** spec §2 Addresses and Stored payments, and their §8 failure texts, signed in. */

beforeEach(() => signedIn());

describe('the saved addresses', () => {
  beforeEach(() => history.replaceState(null, '', '/accountaddresses'));

  const PORTLAND = { line1: '1120 SW 5th Ave', city: 'Portland', state: 'OR', zipcode: '97204' };

  async function addPortland() {
    const form = screen.getByRole('form', { name: 'Add an address' });
    await fill(within(form).getByLabelText('Address Line 1'), PORTLAND.line1);
    await fill(within(form).getByLabelText('City'), PORTLAND.city);
    // The state is a select of the allowed states (issue 24 point 8).
    await user.selectOptions(within(form).getByLabelText('State'), PORTLAND.state);
    await fill(within(form).getByLabelText('ZIP Code'), PORTLAND.zipcode);
    await user.click(within(form).getByRole('button', { name: 'Add address' }));
    return form;
  }

  it("says 'Unable to add address' when the server refuses the new one (spec §8)", async () => {
    const api = fakeApi({
      'GET /user/addresses': ok([]),
      'POST /user/addAddress': refused(400, ADDRESS_BOOK_MESSAGES.tooMany),
    });
    render(<AddressesPage />);
    expect(await screen.findByText('You have no saved addresses yet.')).toBeVisible();
    const form = await addPortland();
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Unable to add address$/);
    // The parcel's name is the account holder's unless typed (issue 26).
    expect(api.sent('POST /user/addAddress')[0]?.body).toEqual({
      ...PORTLAND,
      line2: '',
      firstname: 'Fern',
      lastname: 'Gully',
    });
    // What the shopper typed stays, to try again.
    expect(within(form).getByLabelText('Address Line 1')).toHaveValue(PORTLAND.line1);
  });

  it("says 'Unable to add address' when the server cannot be reached (spec §8)", async () => {
    fakeApi({ 'GET /user/addresses': ok([]), 'POST /user/addAddress': 'unreachable' });
    render(<AddressesPage />);
    await screen.findByText('You have no saved addresses yet.');
    const form = await addPortland();
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Unable to add address$/);
  });

  it('lists the address once added, with the form emptied', async () => {
    const saved = { _id: 'address-1', ...PORTLAND, line2: '' };
    const api = fakeApi({
      'GET /user/addresses': ok([]),
      'POST /user/addAddress': () => {
        api.answer('GET /user/addresses', ok([saved]));
        return ok(saved, 201);
      },
    });
    render(<AddressesPage />);
    await screen.findByText('You have no saved addresses yet.');
    const form = await addPortland();
    expect(
      await screen.findByRole('button', { name: 'Delete 1120 SW 5th Ave, Portland, OR 97204' }),
    ).toBeVisible();
    expect(within(form).getByLabelText('Address Line 1')).toHaveValue('');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the stored payment methods', () => {
  beforeEach(() => history.replaceState(null, '', '/storedpayments'));

  const card: SavedPaymentDto = {
    _id: 'card-1',
    brand: 'mastercard',
    last4Number: '4444',
    expirationMonth: '12',
    expirationYear: '2034',
  };
  const deleteButton = () =>
    screen.findByRole('button', { name: 'Delete Mastercard ending in 4444, expires 12/2034' });

  it("says 'Failed to load payment methods.' when the list cannot be read (spec §8)", async () => {
    fakeApi({ 'GET /user/me': ok(FERN), 'GET /user/savedPaymentMethods': serverError() });
    render(<StoredPaymentsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to load payment methods\.$/,
    );
  });

  it("never says 'Failed to load payment methods.' for a 401: the session is renewed, then the list shows", async () => {
    let first = true;
    const api = fakeApi({
      'GET /user/me': ok(FERN),
      'GET /user/savedPaymentMethods': () => {
        if (!first) return ok([card]);
        first = false;
        return refused(401, 'Please log in.');
      },
      'POST /auth/refresh': ok({ token: 'renewed-token', user: FERN }),
    });
    render(<StoredPaymentsPage />);
    expect(await deleteButton()).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.sent('GET /user/savedPaymentMethods')[1]?.headers.get('authorization')).toBe(
      'Bearer renewed-token',
    );
  });

  it("says 'Failed to delete payment method.' when the server refuses the delete (spec §8)", async () => {
    const api = fakeApi({
      'GET /user/me': ok(FERN),
      'GET /user/savedPaymentMethods': ok([card]),
      'DELETE /user/payment': serverError(),
    });
    render(<StoredPaymentsPage />);
    await user.click(await deleteButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to delete payment method\.$/,
    );
    expect(api.sent('DELETE /user/payment')[0]?.body).toEqual({ _id: 'card-1' });
    expect(await deleteButton()).toBeVisible();
  });

  it("says 'Unable to delete payment method.' when the server cannot be reached (spec §8)", async () => {
    fakeApi({
      'GET /user/me': ok(FERN),
      'GET /user/savedPaymentMethods': ok([card]),
      'DELETE /user/payment': 'unreachable',
    });
    render(<StoredPaymentsPage />);
    await user.click(await deleteButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Unable to delete payment method\.$/,
    );
  });
});
