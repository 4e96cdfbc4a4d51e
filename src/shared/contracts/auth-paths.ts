// The account paths (contracts/auth.ts re-exports them), in a file of their own without zod:
// the client's entry script sends the account's language (session/account-language.ts), and
// importing the schemas there would put zod in the landing's script (issue 21's budget).
export const AUTH_PATHS = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  register: '/api/auth/register',
  updateUsername: '/api/auth/update/username',
  updateEmail: '/api/auth/update/email',
  updatePassword: '/api/auth/update/password',
  updatePhone: '/api/auth/update/phone',
  /** beyond-spec.md section 4: the account's language, for mail and push and other devices. */
  updateLanguage: '/api/auth/update/language',
  requestReset: '/api/auth/password/request-reset',
  verifyReset: '/api/auth/password/verify-reset',
  /** beyond-spec.md section 1 "Email ownership": mails a code to the caller's email. */
  sendEmailCode: '/api/auth/email/send-code',
  /** Proves the caller's email with the mailed code. */
  verifyEmail: '/api/auth/email/verify',
  /** Issue 20 item 8: sign-up's step 1 asks whether a username is free (public, rate limited). */
  usernameAvailable: '/api/auth/username-available',
} as const;
