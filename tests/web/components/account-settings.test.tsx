import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../core/auth/model';
import AccountSettings from '../../../src/islands/account/AccountSettings';
import { $auth } from '../../../src/stores/auth';
import { fakeApi, ok, refused, serverError, type Handler } from '../support/fake-api';
import { FERN, signedIn } from '../support/session';
import { fill, user } from '../support/user';

/** spec §2 Account and §8 Profile and Password: the two forms on /account, signed in. */

beforeEach(() => {
  history.replaceState(null, '', '/account');
  signedIn();
});

async function openAccount(
  routes: Partial<Record<'PUT /user/me' | 'POST /auth/changePassword', Handler>>,
) {
  const api = fakeApi({ 'GET /user/me': ok(FERN), ...routes });
  render(<AccountSettings />);
  const profile = await screen.findByRole('form', { name: 'Profile' });
  const password = screen.getByRole('form', { name: 'Change password' });
  return { api, profile, password };
}

describe('the profile form', () => {
  async function rename(profile: HTMLElement, firstname: string) {
    await fill(within(profile).getByLabelText('First name'), firstname);
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
  }

  it("says 'Profile updated successfully!' and keeps the new name", async () => {
    const { api, profile } = await openAccount({
      'PUT /user/me': ok({ ...FERN, firstname: 'Fernanda' }),
    });
    expect(within(profile).getByLabelText('Email')).toHaveValue(FERN.username);
    await rename(profile, 'Fernanda');
    expect(await within(profile).findByRole('status')).toHaveTextContent(
      /^Profile updated successfully!$/,
    );
    expect(api.sent('PUT /user/me')[0]?.body).toEqual({ firstname: 'Fernanda', lastname: 'Gully' });
    expect($auth.get().user?.firstname).toBe('Fernanda');
  });

  it("says 'Failed to update profile.' when the server refuses (spec §8)", async () => {
    const { profile } = await openAccount({ 'PUT /user/me': serverError() });
    await rename(profile, 'Fernanda');
    expect(await within(profile).findByRole('alert')).toHaveTextContent(
      /^Failed to update profile\.$/,
    );
    expect(within(profile).getByRole('status')).toBeEmptyDOMElement();
    expect($auth.get().user?.firstname).toBe('Fern');
  });

  it("says 'Error updating profile.' when the server cannot be reached (spec §8)", async () => {
    const { profile } = await openAccount({ 'PUT /user/me': 'unreachable' });
    await rename(profile, 'Fernanda');
    expect(await within(profile).findByRole('alert')).toHaveTextContent(
      /^Error updating profile\.$/,
    );
  });
});

describe('the change-password form', () => {
  async function change(form: HTMLElement) {
    await fill(within(form).getByLabelText('Current password'), 'the old password');
    await fill(within(form).getByLabelText('New password'), 'a brand new password');
    await fill(within(form).getByLabelText('Confirm new password'), 'a brand new password');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
  }

  it("says 'Password updated successfully!' and empties the fields", async () => {
    const { api, password } = await openAccount({
      'POST /auth/changePassword': ok({
        message: AUTH_MESSAGES.passwordChanged,
        token: 'renewed-token',
      }),
    });
    await change(password);
    expect(await within(password).findByRole('status')).toHaveTextContent(
      /^Password updated successfully!$/,
    );
    expect(within(password).getByLabelText('Current password')).toHaveValue('');
    expect(api.sent('POST /auth/changePassword')[0]?.body).toEqual({
      oldPassword: 'the old password',
      newPassword: 'a brand new password',
    });
    expect(localStorage.getItem('JWT')).toBe('renewed-token');
  });

  it("says 'Failed to update password.' with the server's reason when it refuses (spec §8)", async () => {
    const { password } = await openAccount({
      'POST /auth/changePassword': refused(400, AUTH_MESSAGES.wrongOldPassword),
    });
    await change(password);
    const alert = await within(password).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update password.');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.wrongOldPassword);
  });

  it("says 'Error updating password.' when the server cannot be reached (spec §8)", async () => {
    const { password } = await openAccount({ 'POST /auth/changePassword': 'unreachable' });
    await change(password);
    expect(await within(password).findByRole('alert')).toHaveTextContent(
      /^Error updating password\.$/,
    );
  });

  it("checks that the two new passwords match before sending ('Passwords do not match.')", async () => {
    const { api, password } = await openAccount({});
    await fill(within(password).getByLabelText('Current password'), 'the old password');
    await fill(within(password).getByLabelText('New password'), 'a brand new password');
    await fill(within(password).getByLabelText('Confirm new password'), 'another new password');
    await user.click(within(password).getByRole('button', { name: 'Update password' }));
    expect(await within(password).findByText('Passwords do not match.')).toBeVisible();
    expect(api.sent('POST /auth/changePassword')).toEqual([]);
  });
});
