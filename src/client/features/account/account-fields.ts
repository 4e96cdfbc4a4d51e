// How each account input behaves (type, autofill, phone keyboard, hint), the same in sign-up,
// the profile, the email proof and password recovery. A function, not a constant: the hints
// are worded in the language of the moment the form renders.
import { t } from '../../i18n/i18n.ts';
import {
  CURRENT_PASSWORD_INPUT,
  EMAIL_INPUT,
  NEW_PASSWORD_INPUT,
  PHONE_INPUT,
} from '../../ui/form-fields.tsx';

/** A password set after registration: the spec's rule, and not a common password. */
export function newPasswordHint(): string {
  return t('account.fields.newPasswordHint');
}

export function accountInputs() {
  return {
    username: { autoComplete: 'username', hint: t('account.fields.usernameHint') },
    email: EMAIL_INPUT,
    phone: PHONE_INPUT,
    newPassword: NEW_PASSWORD_INPUT,
    currentPassword: CURRENT_PASSWORD_INPUT,
    /** The 6-digit code a mail brings (password recovery, email proof). */
    emailedCode: {
      autoComplete: 'one-time-code',
      inputMode: 'numeric',
      hint: t('account.fields.codeHint'),
    },
  } as const;
}
