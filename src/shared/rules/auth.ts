// The sign-in, registration and password-reset form rules (product-spec.md section 5) with
// their exact messages, shared by the web client (shown under the form) and the server (400
// replies), each in its reader's language (rules.json). Each validator returns the first failing
// message, or null when the input passes. Texts marked "not in the spec" fill a gap the spec
// leaves (it names the rule, not a text).
import { message, type Message } from '#shared/i18n/messages';
import { blank, EMAIL_PATTERN, type Text } from './fields.ts';
import {
  PASSWORD_MESSAGES,
  REGISTRATION_PASSWORD_PATTERN,
  validateNewPassword,
} from './passwords.ts';

export const AUTH_MESSAGES = {
  loginRequired: message('rules.auth.loginRequired'), // not in the spec
  loginUsernameRequired: message('rules.auth.loginUsernameRequired'), // not in the spec
  loginPasswordRequired: message('rules.auth.loginPasswordRequired'), // not in the spec
  usernameRequired: message('rules.auth.usernameRequired'),
  usernameLetters: message('rules.auth.usernameLetters'),
  registrationEmail: message('rules.auth.registrationEmail'),
  registrationPhone: message('rules.auth.registrationPhone'),
  registrationPasswordMismatch: message('rules.auth.registrationPasswordMismatch'),
  resetEmailRequired: message('rules.auth.resetEmailRequired'),
  resetFieldsRequired: message('rules.auth.resetFieldsRequired'),
  resetOtpRequired: message('rules.auth.resetOtpRequired'), // not in the spec
  resetNewPasswordRequired: message('rules.auth.resetNewPasswordRequired'), // not in the spec
} as const satisfies Record<string, Message>;

/** Letters A–Z only ('English letters'). */
export const USERNAME_PATTERN = /^[A-Za-z]+$/;
/** Registration: 10 or 11 digits. */
export const REGISTRATION_PHONE_PATTERN = /^\d{10,11}$/;

export function validateLogin(input: { username?: Text; password?: Text }): Message | null {
  return blank(input.username) || blank(input.password) ? AUTH_MESSAGES.loginRequired : null;
}

/** Registration step 1: username required and letters only; email and phone optional. */
export function validateRegistrationStep1(input: {
  username?: Text;
  email?: Text;
  phone?: Text;
}): Message | null {
  if (blank(input.username)) return AUTH_MESSAGES.usernameRequired;
  if (!USERNAME_PATTERN.test(input.username ?? '')) return AUTH_MESSAGES.usernameLetters;
  if (!blank(input.email) && !EMAIL_PATTERN.test(input.email ?? ''))
    return AUTH_MESSAGES.registrationEmail;
  if (!blank(input.phone) && !REGISTRATION_PHONE_PATTERN.test(input.phone ?? ''))
    return AUTH_MESSAGES.registrationPhone;
  return null;
}

/**
 * Registration step 2. `confirmPassword` is the form's second field; the server never
 * receives it and leaves it out, so only the password rule applies there.
 */
export function validateRegistrationStep2(input: {
  password?: Text;
  confirmPassword?: Text;
}): Message | null {
  if (!REGISTRATION_PASSWORD_PATTERN.test(input.password ?? ''))
    return PASSWORD_MESSAGES.registrationPassword;
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password)
    return AUTH_MESSAGES.registrationPasswordMismatch;
  return null;
}

/** Each field's refusal (a form shows them all at once beside the fields). */
export type FieldErrors<Name extends string> = Partial<Record<Name, Message>>;

/** Login, every field at once (the form shows each beside its field). */
export function loginErrors(input: {
  username?: Text;
  password?: Text;
}): FieldErrors<'username' | 'password'> {
  const errors: FieldErrors<'username' | 'password'> = {};
  if (blank(input.username)) errors.username = AUTH_MESSAGES.loginUsernameRequired;
  if (blank(input.password)) errors.password = AUTH_MESSAGES.loginPasswordRequired;
  return errors;
}

/** Registration step 1, every field at once: the same rules and texts as the step's check. */
export function registrationStep1Errors(input: {
  username?: Text;
  email?: Text;
  phone?: Text;
}): FieldErrors<'username' | 'email' | 'phone'> {
  const errors: FieldErrors<'username' | 'email' | 'phone'> = {};
  if (blank(input.username)) errors.username = AUTH_MESSAGES.usernameRequired;
  else if (!USERNAME_PATTERN.test(input.username ?? ''))
    errors.username = AUTH_MESSAGES.usernameLetters;
  if (!blank(input.email) && !EMAIL_PATTERN.test(input.email ?? ''))
    errors.email = AUTH_MESSAGES.registrationEmail;
  if (!blank(input.phone) && !REGISTRATION_PHONE_PATTERN.test(input.phone ?? ''))
    errors.phone = AUTH_MESSAGES.registrationPhone;
  return errors;
}

/** Registration step 2, every field at once. */
export function registrationStep2Errors(input: {
  password?: Text;
  confirmPassword?: Text;
}): FieldErrors<'password' | 'confirmPassword'> {
  const errors: FieldErrors<'password' | 'confirmPassword'> = {};
  if (!REGISTRATION_PASSWORD_PATTERN.test(input.password ?? ''))
    errors.password = PASSWORD_MESSAGES.registrationPassword;
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password)
    errors.confirmPassword = AUTH_MESSAGES.registrationPasswordMismatch;
  return errors;
}

/** The whole registration payload (the server's check): step 1, then step 2. */
export function validateRegistration(input: {
  username?: Text;
  email?: Text;
  phone?: Text;
  password?: Text;
  confirmPassword?: Text;
}): Message | null {
  return validateRegistrationStep1(input) ?? validateRegistrationStep2(input);
}

export function validateResetRequest(input: { email?: Text }): Message | null {
  return blank(input.email) ? AUTH_MESSAGES.resetEmailRequired : null;
}

export function validateResetVerify(input: {
  email?: Text;
  otp?: Text;
  newPassword?: Text;
}): Message | null {
  if (blank(input.email) || blank(input.otp) || blank(input.newPassword))
    return AUTH_MESSAGES.resetFieldsRequired;
  return null;
}

/** A new password set through the reset (the spec names no rule there: the profile's applies). */
export function validateResetPassword(newPassword: Text): Message | null {
  return validateNewPassword(newPassword);
}

/** Reset step 1 beside its field (issue 20 item 6). */
export function resetRequestErrors(input: { email?: Text }): FieldErrors<'email'> {
  const invalid = validateResetRequest(input);
  return invalid === null ? {} : { email: invalid };
}

/**
 * Reset step 2, every field at once beside it: each blank field says so (the spec's one
 * sentence names all three; beside a field, each names its own), then the new password's rule.
 */
export function resetVerifyErrors(input: {
  email?: Text;
  otp?: Text;
  newPassword?: Text;
}): FieldErrors<'email' | 'otp' | 'newPassword'> {
  const errors: FieldErrors<'email' | 'otp' | 'newPassword'> = {};
  if (blank(input.email)) errors.email = AUTH_MESSAGES.resetEmailRequired;
  if (blank(input.otp)) errors.otp = AUTH_MESSAGES.resetOtpRequired;
  const password = blank(input.newPassword)
    ? AUTH_MESSAGES.resetNewPasswordRequired
    : validateResetPassword(input.newPassword);
  if (password !== null) errors.newPassword = password;
  return errors;
}
