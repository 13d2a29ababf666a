import { render, screen } from '@testing-library/react';
import { fill, user } from '../support/user';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '../../../core/auth/model';
import RegisterForm from '../../../src/islands/account/RegisterForm';
import { fakeApi, ok, refused } from '../support/fake-api';

/** spec §2, §5 and §8 Register, as the shopper sees the form on /register. */

async function fillIn(password = 'long enough password', confirmation = password) {
  await fill(screen.getByLabelText('Email'), 'fern@example.com');
  await fill(screen.getByLabelText('First name'), 'Fern');
  await fill(screen.getByLabelText('Last name'), 'Gully');
  await fill(screen.getByLabelText('Password'), password);
  await fill(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('checkbox'));
}

const register = () => user.click(screen.getByRole('button', { name: 'Register' }));

describe('the register form', () => {
  it('checks every field with the spec texts and sends nothing until they pass', async () => {
    const api = fakeApi();
    render(<RegisterForm />);
    await register();
    expect((await screen.findAllByText(AUTH_MESSAGES.fillAllFields))[0]).toBeVisible();
    expect(screen.getByText(AUTH_MESSAGES.acceptPolicy)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await fillIn('short', 'different');
    await register();
    expect(await screen.findByText(PASSWORD_MESSAGES.tooShort)).toBeVisible();

    await fill(screen.getByLabelText('Password'), 'long enough password');
    await register();
    expect(await screen.findByText(AUTH_MESSAGES.registerPasswordsDiffer)).toBeVisible();
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it("says 'Server error' when the server cannot be reached (spec §8)", async () => {
    const api = fakeApi({ 'POST /auth/register': 'unreachable' });
    render(<RegisterForm />);
    await fillIn();
    await register();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Server error$/);
    expect(api.sent('POST /auth/register')[0]?.body).toEqual({
      username: 'fern@example.com',
      firstname: 'Fern',
      lastname: 'Gully',
      password: 'long enough password',
      acceptedPolicy: true,
    });
  });

  it("shows the server's error text, and its field messages under the fields", async () => {
    fakeApi({
      'POST /auth/register': refused(400, PASSWORD_MESSAGES.common, {
        password: PASSWORD_MESSAGES.common,
      }),
    });
    render(<RegisterForm />);
    await fillIn();
    await register();
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_MESSAGES.common);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(PASSWORD_MESSAGES.common),
    );
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it("says 'Registration failed' for an answer that is not 201 and has no text (spec §8)", async () => {
    fakeApi({ 'POST /auth/register': ok({}, 200) });
    render(<RegisterForm />);
    await fillIn();
    await register();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed$/);
  });

  it('a 201 shows the verify-your-email panel, and Back to Register empties the form', async () => {
    fakeApi({ 'POST /auth/register': ok({ message: AUTH_MESSAGES.registered }, 201) });
    render(<RegisterForm />);
    await fillIn();
    await register();
    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.registered);
    await user.click(screen.getByRole('button', { name: 'Back to Register' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
