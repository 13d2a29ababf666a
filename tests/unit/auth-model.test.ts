import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  PASSWORD_MESSAGES,
  changePasswordForm,
  loginBody,
  registerBody,
  registerForm,
  resetPasswordForm,
} from '../../core/auth/model';
import { profileBody } from '../../core/user/model';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

const SHOP = 'Evergreen';
const EMAIL = 'ann.lee@example.com';
const register = registerForm(SHOP);
const change = changePasswordForm(SHOP, EMAIL);
const reset = resetPasswordForm(SHOP, EMAIL);

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

  it('register: every field, matching passwords, the policies, 8 to 128 characters', async () => {
    const valid = {
      username: 'ann@example.com',
      password: 'a long passphrase',
      confirmPassword: 'a long passphrase',
      firstname: 'Ann',
      lastname: "O'Brien",
      acceptedPolicy: true,
    };
    expect((await register.safeParseAsync(valid)).success).toBe(true);
    expect(firstMessage(await register.safeParseAsync({ ...valid, firstname: ' ' }))).toBe(
      'Please fill out all fields',
    );
    expect(
      firstMessage(await register.safeParseAsync({ ...valid, confirmPassword: 'other one' })),
    ).toBe("Passwords don't match, please reenter");
    // The mismatch shows while the policies box is still unticked.
    const unticked = await register.safeParseAsync({
      ...valid,
      acceptedPolicy: false,
      confirmPassword: 'other one',
    });
    expect(unticked.error?.issues.map((issue) => issue.message)).toContain(
      "Passwords don't match, please reenter",
    );
    expect(firstMessage(await register.safeParseAsync({ ...valid, acceptedPolicy: false }))).toBe(
      'You must accept the Privacy Policy, Terms of Use, and Return Policy to register.',
    );
    expect(
      firstMessage(registerBody.safeParse({ ...valid, password: 'short12', confirmPassword: '' })),
    ).toBe(PASSWORD_MESSAGES.tooShort);
    expect(firstMessage(registerBody.safeParse({ ...valid, password: 'x'.repeat(129) }))).toBe(
      PASSWORD_MESSAGES.tooLong,
    );
  });

  it('change and reset: the confirmation must match', async () => {
    expect(
      firstMessage(
        await change.safeParseAsync({
          oldPassword: 'old password',
          newPassword: 'new password',
          confirmPassword: 'new passwort',
        }),
      ),
    ).toBe('Passwords do not match.');
    expect(
      firstMessage(
        await change.safeParseAsync({
          oldPassword: 'old password',
          newPassword: 'short',
          confirmPassword: 'short',
        }),
      ),
    ).toBe('New password must be at least 8 characters long.');
    expect(
      firstMessage(await reset.safeParseAsync({ newPassword: 'abcdefgh1', confirmPassword: 'x' })),
    ).toBe('Passwords do not match.');
  });

  it('profile: the person-details name rules', () => {
    expect(profileBody.safeParse({ firstname: 'José', lastname: 'Núñez' }).success).toBe(true);
    expect(firstMessage(profileBody.safeParse({ firstname: 'A\nB', lastname: 'C' }))).toBe(
      'Unable to parse name',
    );
  });

  it('a new password must not be easy to guess: register, change and reset (issue 22 row 12)', async () => {
    const registration = (password: string) => ({
      username: EMAIL,
      password,
      confirmPassword: password,
      firstname: 'Ann',
      lastname: 'Lee',
      acceptedPolicy: true,
    });
    const changing = (newPassword: string) => ({
      oldPassword: 'my old password',
      newPassword,
      confirmPassword: newPassword,
    });
    for (const weak of [
      '        ',
      'password123',
      'P@ssw0rd',
      EMAIL,
      'annlee2024',
      'evergreen2024',
    ]) {
      for (const result of [
        await register.safeParseAsync(registration(weak)),
        await change.safeParseAsync(changing(weak)),
        await reset.safeParseAsync({ newPassword: weak, confirmPassword: weak }),
      ]) {
        expect(result.success, weak).toBe(false);
        expect(result.error!.issues).toEqual([
          expect.objectContaining({ message: PASSWORD_MESSAGES.weak }),
        ]);
      }
    }
    expect(PASSWORD_MESSAGES.weak).toBe(
      'This password is too easy to guess. Please choose another one.',
    );
    for (const good of ['violet meadow lantern', 'hazel copse at noon']) {
      expect((await register.safeParseAsync(registration(good))).success, good).toBe(true);
      expect((await change.safeParseAsync(changing(good))).success, good).toBe(true);
      expect(
        (await reset.safeParseAsync({ newPassword: good, confirmPassword: good })).success,
      ).toBe(true);
    }
    // The spec's length messages come first, unchanged.
    expect(firstMessage(await register.safeParseAsync(registration('       ')))).toBe(
      PASSWORD_MESSAGES.tooShort,
    );
    expect(firstMessage(await change.safeParseAsync(changing('short')))).toBe(
      'New password must be at least 8 characters long.',
    );
  });
});
