import { render, screen } from '@testing-library/react';
import { fill, user } from '../support/user';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../core/auth/model';
import LoginForm from '../../../src/islands/account/LoginForm';
import { $auth } from '../../../src/stores/auth';
import { FERN } from '../support/session';
import { fakeApi, held, ok, refused, serverError } from '../support/fake-api';

/** spec §2, §4, §5 and §8 Login, as the shopper sees the form on /login. */

beforeEach(() => history.replaceState(null, '', '/login'));

async function logIn(email: string, password: string) {
  await fill(screen.getByLabelText('Email'), email);
  await fill(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the login form', () => {
  it('checks the email and password with the spec texts before sending anything', async () => {
    const api = fakeApi();
    render(<LoginForm />);
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');

    await logIn('not-an-email', '12345');

    const email = screen.getByLabelText('Email');
    expect(screen.getByText(AUTH_MESSAGES.username)).toBeVisible();
    expect(screen.getByText(AUTH_MESSAGES.loginPassword)).toBeVisible();
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(AUTH_MESSAGES.username);
    expect(api.calls).toEqual([]);
  });

  it("says 'Login failed' when the server cannot be reached (spec §8)", async () => {
    const api = fakeApi({ 'POST /auth/login': 'unreachable' });
    render(<LoginForm />);
    await logIn('fern@example.com', '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
    expect(api.sent('POST /auth/login')).toHaveLength(1);
  });

  it("answers a wrong password with 'Invalid username or password', without renewing a session", async () => {
    // Only /auth/login is answered: a refresh or any other call would be reported.
    fakeApi({ 'POST /auth/login': refused(401, AUTH_MESSAGES.invalidCredentials) });
    render(<LoginForm />);
    await logIn('fern@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid username or password$/);
    expect(location.pathname).toBe('/login');
    expect($auth.get().isLoggedIn).toBe(false);
  });

  it("shows 'Invalid username or password' for any other non-200 answer (spec §8)", async () => {
    fakeApi({ 'POST /auth/login': serverError() });
    render(<LoginForm />);
    await logIn('fern@example.com', 'a password');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid username or password$/);
  });

  it("turns 'Email not verified' into the verification panel, 'Waiting for email verification'", async () => {
    const api = fakeApi({
      'POST /auth/login': refused(403, AUTH_MESSAGES.emailNotVerified),
      'POST /auth/resend-verification': ok(),
    });
    render(<LoginForm />);
    await logIn('fern@example.com', 'a password');
    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toHaveFocus();
    expect(screen.getByText('Waiting for email verification')).toBeVisible();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('Verification email resent! Please check your inbox.'),
    ).toBeVisible();
    expect(api.sent('POST /auth/resend-verification')[0]?.body).toEqual({
      email: 'fern@example.com',
    });

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByLabelText('Email')).toHaveValue('fern@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('signs in and goes back to the page the guard sent the shopper from', async () => {
    history.replaceState(null, '', '/login?next=%2Forders');
    const answer = held();
    const api = fakeApi({ 'POST /auth/login': answer.handler });
    render(<LoginForm />);
    await logIn('fern@example.com', 'a good password');
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(api.sent('POST /auth/login')[0]?.body).toEqual({
      username: 'fern@example.com',
      password: 'a good password',
    });
    answer.release(ok({ token: 'new-access-token', user: FERN }));
    await expect.poll(() => location.pathname).toBe('/orders');
    expect($auth.get()).toEqual({ isLoggedIn: true, user: FERN });
  });
});
