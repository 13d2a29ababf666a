import { render, screen } from '@testing-library/react';
import { fill, user } from '../support/user';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../core/auth/model';
import ForgotPasswordForm from '../../../src/islands/account/ForgotPasswordForm';
import ResetPasswordForm from '../../../src/islands/account/ResetPasswordForm';
import VerifyEmail from '../../../src/islands/account/VerifyEmail';
import { fakeApi, held, ok, refused, serverError } from '../support/fake-api';

/** spec §2 and §8 Forgot password, Reset password and Verify email. */

const TOKEN = 'a'.repeat(43);

describe('forgot password', () => {
  const send = () => user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

  it('asks for an email before sending anything', async () => {
    const api = fakeApi();
    render(<ForgotPasswordForm />);
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await send();
    expect(screen.getByText(AUTH_MESSAGES.email)).toBeVisible();
    expect(email).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it('has its texts for a failure, a non-200 answer and a success (spec §8)', async () => {
    const api = fakeApi({ 'POST /auth/forgot-password': 'unreachable' });
    render(<ForgotPasswordForm />);
    await fill(screen.getByLabelText('Email'), 'fern@example.com');
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to send reset link\. Please check the email and try again\.$/,
    );

    api.answer('POST /auth/forgot-password', serverError());
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Something went wrong\. Please try again\.$/,
    );

    api.answer('POST /auth/forgot-password', ok({ message: AUTH_MESSAGES.resetSent }));
    await send();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A password reset link has been sent to your email.',
    );
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(api.sent('POST /auth/forgot-password').map((call) => call.body)).toEqual([
      { email: 'fern@example.com' },
      { email: 'fern@example.com' },
      { email: 'fern@example.com' },
    ]);
  });
});

describe('reset password', () => {
  it("without a whole link says 'Invalid or missing reset link.' and offers a new one", () => {
    history.replaceState(null, '', '/resetpassword?email=fern%40example.com');
    fakeApi();
    render(<ResetPasswordForm />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid or missing reset link\.$/);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
  });

  it('takes the token out of the address bar; the two passwords must match', async () => {
    history.replaceState(null, '', `/resetpassword?token=${TOKEN}&email=fern%40example.com`);
    const api = fakeApi();
    render(<ResetPasswordForm />);
    expect(`${location.pathname}${location.search}`).toBe('/resetpassword');
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('minlength', '8');
    expect(password).toBeRequired();
    await fill(password, 'a long new password');
    await fill(screen.getByLabelText('Confirm new password'), 'another long password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's error text as it is, and 'Failed to reset password.' when there is none", async () => {
    history.replaceState(null, '', `/resetpassword?token=${TOKEN}&email=fern%40example.com`);
    const api = fakeApi({
      'POST /auth/reset-password': refused(400, AUTH_MESSAGES.resetLinkExpired),
    });
    render(<ResetPasswordForm />);
    await fill(screen.getByLabelText('New password'), 'a long new password');
    await fill(screen.getByLabelText('Confirm new password'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetLinkExpired);
    expect(api.sent('POST /auth/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      email: 'fern@example.com',
      newPassword: 'a long new password',
    });

    api.answer('POST /auth/reset-password', 'unreachable');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to reset password\.$/);
  });

  it("a reset shows 'Resetting...', then the success text", async () => {
    history.replaceState(null, '', `/resetpassword?token=${TOKEN}&email=fern%40example.com`);
    const answer = held();
    fakeApi({ 'POST /auth/reset-password': answer.handler });
    render(<ResetPasswordForm />);
    await fill(screen.getByLabelText('New password'), 'a long new password');
    await fill(screen.getByLabelText('Confirm new password'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    answer.release(ok({ message: AUTH_MESSAGES.passwordReset }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password successfully reset! Redirecting to login...',
    );
  });
});

describe('verify email', () => {
  it('a link without its token fails at once, with no call and no resend', async () => {
    history.replaceState(null, '', '/verifyemail?email=fern%40example.com');
    const api = fakeApi();
    render(<VerifyEmail />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Verification failed\. Your link may be invalid or expired\.$/,
    );
    expect(api.calls).toEqual([]);
  });

  it('a refused link offers the resend: Sending..., Try again on failure, Email sent', async () => {
    history.replaceState(null, '', `/verifyemail?token=${'b'.repeat(43)}&email=fern%40example.com`);
    const resend = held();
    const api = fakeApi({
      'GET /auth/verify-email': refused(400, AUTH_MESSAGES.verifyLinkExpired),
      'POST /auth/resend-verification': resend.handler,
    });
    render(<VerifyEmail />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification failed. Your link may be invalid or expired.',
    );
    expect(location.search).toBe('');
    expect(Object.fromEntries(api.sent('GET /auth/verify-email')[0]!.query)).toEqual({
      token: 'b'.repeat(43),
      email: 'fern@example.com',
    });

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    resend.release(serverError());
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(
      screen.getByText('Failed to resend verification email. Please try again later.'),
    ).toBeVisible();

    api.answer('POST /auth/resend-verification', ok({ message: AUTH_MESSAGES.verificationSent }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Email sent' })).toBeDisabled();
    expect(screen.getByText('Verification email resent! Please check your inbox.')).toBeVisible();
  });
});
