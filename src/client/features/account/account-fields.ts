// How each account input behaves (type, autofill, phone keyboard, hint), the same in sign-up,
// the profile, the email proof and password recovery.
import {
  CURRENT_PASSWORD_INPUT,
  EMAIL_INPUT,
  NEW_PASSWORD_INPUT,
  PHONE_INPUT,
} from '../../ui/form-fields.tsx';

/** A password set after registration: the spec's rule, and not a common password. */
export const NEW_PASSWORD_HINT =
  'At least 8 letters and numbers, with at least one of each; not a common password.';

export const ACCOUNT_INPUTS = {
  username: { autoComplete: 'username', hint: 'English letters only.' },
  email: EMAIL_INPUT,
  phone: PHONE_INPUT,
  newPassword: NEW_PASSWORD_INPUT,
  currentPassword: CURRENT_PASSWORD_INPUT,
  /** The 6-digit code a mail brings (password recovery, email proof). */
  emailedCode: {
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
    hint: 'The 6-digit code from the email.',
  },
} as const;
