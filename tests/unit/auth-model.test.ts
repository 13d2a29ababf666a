import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  PASSWORD_MESSAGES,
  changePasswordForm,
  loginBody,
  registerBody,
  registerForm,
  resetPasswordForm,
} from '../../api/modules/auth/model';
import { profileBody } from '../../api/modules/user/model';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

describe('the account forms (spec §5, DECISIONS "Passwords")', () => {
  it("login: an email and at least 6 characters, with the spec's messages", () => {
    expect(firstMessage(loginBody.safeParse({ username: 'nope', password: 'secret1' }))).toBe(
      AUTH_MESSAGES.username,
    );
    expect(firstMessage(loginBody.safeParse({ username: 'a@b.co', password: '12345' }))).toBe(
      'Password must be at least 6 characters long',
    );
    expect(loginBody.parse({ username: ' Ann@Example.COM ', password: '123456' }).username).toBe(
      'ann@example.com',
    );
  });

  it('register: every field, matching passwords, the policies, 8 to 128 characters', () => {
    const valid = {
      username: 'ann@example.com',
      password: 'a long passphrase',
      confirmPassword: 'a long passphrase',
      firstname: 'Ann',
      lastname: "O'Brien",
      acceptedPolicy: true,
    };
    expect(registerForm.safeParse(valid).success).toBe(true);
    expect(firstMessage(registerForm.safeParse({ ...valid, firstname: ' ' }))).toBe(
      'Please fill out all fields',
    );
    expect(firstMessage(registerForm.safeParse({ ...valid, confirmPassword: 'other one' }))).toBe(
      "Passwords don't match, please reenter",
    );
    // The mismatch shows while the policies box is still unticked.
    const unticked = registerForm.safeParse({
      ...valid,
      acceptedPolicy: false,
      confirmPassword: 'other one',
    });
    expect(unticked.error?.issues.map((issue) => issue.message)).toContain(
      "Passwords don't match, please reenter",
    );
    expect(firstMessage(registerForm.safeParse({ ...valid, acceptedPolicy: false }))).toBe(
      'You must accept the Privacy Policy, Terms of Use, and Return Policy to register.',
    );
    expect(
      firstMessage(registerBody.safeParse({ ...valid, password: 'short12', confirmPassword: '' })),
    ).toBe(PASSWORD_MESSAGES.tooShort);
    expect(firstMessage(registerBody.safeParse({ ...valid, password: 'x'.repeat(129) }))).toBe(
      PASSWORD_MESSAGES.tooLong,
    );
  });

  it('change and reset: the confirmation must match', () => {
    expect(
      firstMessage(
        changePasswordForm.safeParse({
          oldPassword: 'old password',
          newPassword: 'new password',
          confirmPassword: 'new passwort',
        }),
      ),
    ).toBe('Passwords do not match.');
    expect(
      firstMessage(
        changePasswordForm.safeParse({
          oldPassword: 'old password',
          newPassword: 'short',
          confirmPassword: 'short',
        }),
      ),
    ).toBe('New password must be at least 8 characters long.');
    expect(
      firstMessage(resetPasswordForm.safeParse({ newPassword: 'abcdefgh1', confirmPassword: 'x' })),
    ).toBe('Passwords do not match.');
  });

  it('profile: the person-details name rules', () => {
    expect(profileBody.safeParse({ firstname: 'José', lastname: 'Núñez' }).success).toBe(true);
    expect(firstMessage(profileBody.safeParse({ firstname: 'A\nB', lastname: 'C' }))).toBe(
      'Unable to parse name',
    );
  });
});
