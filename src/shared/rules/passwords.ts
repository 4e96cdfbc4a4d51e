// The password rules (product-spec.md section 5; beyond-spec.md section 1 "Passwords") with
// their exact messages (rules.json), shared by registration, the profile, the reset and the
// admin's reset.
import { message, type Message } from '#shared/i18n/messages';
import type { Text } from './fields.ts';

export const PASSWORD_MESSAGES = {
  registrationPassword: message('rules.passwords.registrationPassword'),
  profilePassword: message('rules.passwords.profilePassword'),
  /** beyond-spec.md section 1 "Passwords": the server's list of common passwords refused it. */
  passwordTooCommon: message('rules.passwords.tooCommon'),
} as const satisfies Record<string, Message>;

/** Registration: letters and digits only, at least 8, at least one letter and one digit. */
export const REGISTRATION_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
/** Profile (and reset): letters and digits only, at least 8. */
export const PROFILE_PASSWORD_PATTERN = /^[A-Za-z\d]{8,}$/;
/**
 * beyond-spec.md section 1 "Passwords": a password set by a profile change, a reset or an
 * admin reset also needs a letter and a digit. The spec's text for that rule is registration's
 * message, so it is the one shown; the shorter rules keep their own messages.
 */
export const PASSWORD_LETTER_AND_DIGIT = /^(?=.*[A-Za-z])(?=.*\d)/;

/**
 * A password set on the profile or through a reset: the profile's rule (its message), then a
 * letter and a digit. Whether it is a common password only the server knows (its list is
 * large); it answers PASSWORD_MESSAGES.passwordTooCommon.
 */
export function validateNewPassword(password: Text): Message | null {
  if (!PROFILE_PASSWORD_PATTERN.test(password ?? '')) return PASSWORD_MESSAGES.profilePassword;
  if (!PASSWORD_LETTER_AND_DIGIT.test(password ?? ''))
    return PASSWORD_MESSAGES.registrationPassword;
  return null;
}
