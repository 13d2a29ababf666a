/**
 * The account pages' texts that the spec gives word for word (§2, §4, §8) and the API's models do
 * not already hold (those are AUTH_MESSAGES and PASSWORD_MESSAGES in core/auth/model.ts,
 * PROFILE_MESSAGES in core/user/model.ts). Tests assert them.
 */

export const LOGIN_TEXT = {
  title: 'Login',
  submit: 'Login',
  submitting: 'Logging in...',
  forgotPassword: 'Forgot Password',
  register: 'Register',
  noAccount: 'New here?',
  // spec §8 Login
  invalid: 'Invalid username or password',
  failed: 'Login failed',
  // spec §4 and §8: the 'Email not verified' panel (its title is VERIFY_EMAIL_TEXT's)
  waiting: 'Waiting for email verification',
  backToLogin: 'Back to Login',
} as const;

/** spec §4, §5: the panel that waits for the email, after a login refused as unverified or a register. */
export const VERIFY_EMAIL_TEXT = {
  title: 'Verify Your Email',
} as const;

/** spec §8 Resend verification, and spec §2 Verify email's button labels. */
export const RESEND_TEXT = {
  resent: 'Verification email resent! Please check your inbox.',
  failed: 'Failed to resend verification email. Please try again later.',
  idle: 'Resend verification email',
  sending: 'Sending...',
  sent: 'Email sent',
  retry: 'Try again',
} as const;

export const REGISTER_TEXT = {
  title: 'Create an account',
  submit: 'Register',
  submitting: 'Registering...',
  // spec §8 Register
  serverError: 'Server error',
  failed: 'Registration failed',
  // spec §4: the verify-your-email panel (its title is VERIFY_EMAIL_TEXT's)
  backToRegister: 'Back to Register',
  haveAccount: 'Already have an account?',
} as const;

/** spec §2 and §8 Forgot password. */
export const FORGOT_TEXT = {
  title: 'Forgot your password?',
  intro:
    'Enter the email address of your account and we will send you a link to reset your password.',
  submit: 'Send Reset Link',
  submitting: 'Sending...',
  notOk: 'Something went wrong. Please try again.',
  failed: 'Failed to send reset link. Please check the email and try again.',
  sent: 'A password reset link has been sent to your email.',
} as const;

/** spec §2 and §8 Verify email. */
export const VERIFY_TEXT = {
  title: 'Verify your email',
  loading: 'Verifying your email...',
  failed: 'Verification failed. Your link may be invalid or expired.',
  redirecting: 'Redirecting to login...',
} as const;

/** spec §2 and §8 Reset password. */
export const RESET_TEXT = {
  title: 'Reset your password',
  submit: 'Reset Password',
  submitting: 'Resetting...',
  success: 'Password successfully reset! Redirecting to login...',
  failed: 'Failed to reset password.',
} as const;

export const ACCOUNT_TEXT = {
  title: 'Account',
  profile: 'Profile',
  saveProfile: 'Save profile',
  savingProfile: 'Saving...',
  password: 'Change password',
  savePassword: 'Update password',
  savingPassword: 'Updating...',
  loading: 'Loading your account...',
  loadFailed: 'We could not load your account. Please try again.',
  redirecting: 'Redirecting to login...',
} as const;

/** spec §9: the redirects after a verified email and a reset password. */
export const REDIRECT_DELAYS_MS = { verified: 3_000, reset: 2_500 } as const;
