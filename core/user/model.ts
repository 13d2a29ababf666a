import { z } from 'zod';
import { personDetailsSchema } from '../address/model';

/**
 * The signed-in shopper's profile (spec §3 User; §7 GET and PUT /user/me). One schema for the API
 * and the account page, so keep this file free of server imports.
 */

/** spec §3 User, as every answer shows it (GET /user/me, the login's and refresh's `user`). */
export interface UserDto {
  /** The account's email address. */
  username: string;
  firstname: string;
  lastname: string;
  verifiedemail: boolean;
}

/** PUT /user/me {firstname, lastname}: the names' rules of the checkout's person details. */
export const profileBody = personDetailsSchema.pick({ firstname: true, lastname: true });
export type ProfileBody = z.infer<typeof profileBody>;
export type ProfileForm = z.input<typeof profileBody>;

/** spec §8 Profile and Password: the account page's texts. */
export const PROFILE_MESSAGES = {
  profileUpdated: 'Profile updated successfully!',
  profileFailed: 'Failed to update profile.',
  profileError: 'Error updating profile.',
  passwordUpdated: 'Password updated successfully!',
  passwordFailed: 'Failed to update password.',
  passwordError: 'Error updating password.',
} as const;
