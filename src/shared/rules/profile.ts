// The profile page's change forms (product-spec.md section 5) with their exact messages,
// shared by the web client and the server. Each validator returns the first failing message,
// or null when the input passes. Texts marked "not in the spec" fill a gap the spec leaves.
import { blank, EMAIL_PATTERN, type Text } from './fields.ts';
import { validateNewPassword } from './passwords.ts';
import { USERNAME_PATTERN } from './auth.ts';

export const PROFILE_MESSAGES = {
  profileUsername: 'Username must contain only letters.',
  profileUsernameSame: 'The new username must be different from the current one.', // not in the spec
  profileEmail: 'Please enter a valid email address.',
  profileEmailSame: 'The new email must be different from the current one.', // not in the spec
  profilePasswordMismatch: 'The two passwords do not match.',
  profilePhone: 'Phone number must be a 10-digit US number.',
  profilePhoneSame: 'The new phone number must be different from the current one.', // not in the spec
  currentPasswordRequired: 'Current password is required.',
} as const;

/** Profile: exactly 10 digits (a US number). */
export const PROFILE_PHONE_PATTERN = /^\d{10}$/;

export function validateProfileUsername(input: {
  newUsername?: Text;
  currentUsername?: Text;
}): string | null {
  if (!USERNAME_PATTERN.test(input.newUsername ?? '')) return PROFILE_MESSAGES.profileUsername;
  if (input.newUsername === input.currentUsername) return PROFILE_MESSAGES.profileUsernameSame;
  return null;
}

export function validateProfileEmail(input: {
  newEmail?: Text;
  currentEmail?: Text;
  currentPassword?: Text;
}): string | null {
  const email = input.newEmail?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) return PROFILE_MESSAGES.profileEmail;
  // Emails compare case-insensitively (domain-decisions.md "People").
  if (email.toLowerCase() === input.currentEmail?.trim().toLowerCase())
    return PROFILE_MESSAGES.profileEmailSame;
  if (blank(input.currentPassword)) return PROFILE_MESSAGES.currentPasswordRequired;
  return null;
}

/** `confirmPassword` is checked when given (the form); the server never receives it. */
export function validateProfilePassword(input: {
  newPassword?: Text;
  confirmPassword?: Text;
  currentPassword?: Text;
}): string | null {
  const invalid = validateNewPassword(input.newPassword);
  if (invalid !== null) return invalid;
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword)
    return PROFILE_MESSAGES.profilePasswordMismatch;
  if (blank(input.currentPassword)) return PROFILE_MESSAGES.currentPasswordRequired;
  return null;
}

export function validateProfilePhone(input: {
  newPhone?: Text;
  currentPhone?: Text;
  currentPassword?: Text;
}): string | null {
  const phone = input.newPhone?.trim() ?? '';
  if (!PROFILE_PHONE_PATTERN.test(phone)) return PROFILE_MESSAGES.profilePhone;
  if (phone === input.currentPhone?.trim()) return PROFILE_MESSAGES.profilePhoneSame;
  if (blank(input.currentPassword)) return PROFILE_MESSAGES.currentPasswordRequired;
  return null;
}
