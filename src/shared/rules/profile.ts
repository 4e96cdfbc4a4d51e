// The profile page's change forms (product-spec.md section 5) with their exact messages,
// shared by the web client and the server, each in its reader's language (rules.json). Each
// validator returns the first failing message, or null when the input passes. Texts marked
// "not in the spec" fill a gap the spec leaves.
import { message, type Message } from '#shared/i18n/messages';
import { blank, EMAIL_PATTERN, type Text } from './fields.ts';
import { validateNewPassword } from './passwords.ts';
import { USERNAME_PATTERN, type FieldErrors } from './auth.ts';

export const PROFILE_MESSAGES = {
  profileUsername: message('rules.profile.username'),
  profileUsernameSame: message('rules.profile.usernameSame'), // not in the spec
  profileEmail: message('rules.profile.email'),
  profileEmailSame: message('rules.profile.emailSame'), // not in the spec
  profilePasswordMismatch: message('rules.profile.passwordMismatch'),
  profilePhone: message('rules.profile.phone'),
  profilePhoneSame: message('rules.profile.phoneSame'), // not in the spec
  currentPasswordRequired: message('rules.profile.currentPasswordRequired'),
} as const satisfies Record<string, Message>;

/** Profile: exactly 10 digits (a US number). */
export const PROFILE_PHONE_PATTERN = /^\d{10}$/;

// Each choice's refusals, every field at once (the form shows each beside its field: issue 20
// item 6), keyed by the form's field names; the validate* checks (the server's) are their first.

/** The first refusal of a choice, in the form's field order, or null. */
function firstError(errors: Partial<Record<string, Message>>): Message | null {
  return Object.values(errors).find((text) => text !== undefined) ?? null;
}

/** The current password's own refusal, for the choices that ask for it. */
function currentPasswordErrors(currentPassword: Text): FieldErrors<'currentPassword'> {
  return blank(currentPassword)
    ? { currentPassword: PROFILE_MESSAGES.currentPasswordRequired }
    : {};
}

export function profileUsernameErrors(input: {
  newUsername?: Text;
  currentUsername?: Text;
}): FieldErrors<'newUsername'> {
  if (!USERNAME_PATTERN.test(input.newUsername ?? ''))
    return { newUsername: PROFILE_MESSAGES.profileUsername };
  if (input.newUsername === input.currentUsername)
    return { newUsername: PROFILE_MESSAGES.profileUsernameSame };
  return {};
}

export function validateProfileUsername(input: {
  newUsername?: Text;
  currentUsername?: Text;
}): Message | null {
  return firstError(profileUsernameErrors(input));
}

function newEmailError(newEmail: Text, currentEmail: Text): Message | undefined {
  const email = newEmail?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) return PROFILE_MESSAGES.profileEmail;
  // Emails compare case-insensitively (domain-decisions.md "People").
  if (email.toLowerCase() === currentEmail?.trim().toLowerCase())
    return PROFILE_MESSAGES.profileEmailSame;
  return undefined;
}

export function profileEmailErrors(input: {
  newEmail?: Text;
  currentEmail?: Text;
  currentPassword?: Text;
}): FieldErrors<'newEmail' | 'currentPassword'> {
  const newEmail = newEmailError(input.newEmail, input.currentEmail);
  return {
    ...(newEmail === undefined ? {} : { newEmail }),
    ...currentPasswordErrors(input.currentPassword),
  };
}

export function validateProfileEmail(input: {
  newEmail?: Text;
  currentEmail?: Text;
  currentPassword?: Text;
}): Message | null {
  return firstError(profileEmailErrors(input));
}

/** `confirmPassword` is checked when given (the form); the server never receives it. */
export function profilePasswordErrors(input: {
  newPassword?: Text;
  confirmPassword?: Text;
  currentPassword?: Text;
}): FieldErrors<'newPassword' | 'confirmPassword' | 'currentPassword'> {
  const newPassword = validateNewPassword(input.newPassword);
  const mismatch =
    input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword;
  return {
    ...(newPassword === null ? {} : { newPassword }),
    ...(mismatch ? { confirmPassword: PROFILE_MESSAGES.profilePasswordMismatch } : {}),
    ...currentPasswordErrors(input.currentPassword),
  };
}

export function validateProfilePassword(input: {
  newPassword?: Text;
  confirmPassword?: Text;
  currentPassword?: Text;
}): Message | null {
  return firstError(profilePasswordErrors(input));
}

function newPhoneError(newPhone: Text, currentPhone: Text): Message | undefined {
  const phone = newPhone?.trim() ?? '';
  if (!PROFILE_PHONE_PATTERN.test(phone)) return PROFILE_MESSAGES.profilePhone;
  if (phone === currentPhone?.trim()) return PROFILE_MESSAGES.profilePhoneSame;
  return undefined;
}

export function profilePhoneErrors(input: {
  newPhone?: Text;
  currentPhone?: Text;
  currentPassword?: Text;
}): FieldErrors<'newPhone' | 'currentPassword'> {
  const newPhone = newPhoneError(input.newPhone, input.currentPhone);
  return {
    ...(newPhone === undefined ? {} : { newPhone }),
    ...currentPasswordErrors(input.currentPassword),
  };
}

export function validateProfilePhone(input: {
  newPhone?: Text;
  currentPhone?: Text;
  currentPassword?: Text;
}): Message | null {
  return firstError(profilePhoneErrors(input));
}
