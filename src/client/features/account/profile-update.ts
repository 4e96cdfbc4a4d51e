// The rules of the 'Update Profile' form (spec sections 2, 5 and 8 "Profile"): which check
// applies to the chosen field, what the PUT carries, what changes in the session user, and
// what a failure says.
import type { FieldErrors } from '#shared/rules/auth';
import {
  profileEmailErrors,
  profilePasswordErrors,
  profilePhoneErrors,
  profileUsernameErrors,
} from '#shared/rules/profile';
import { ApiError } from '../../api/api-client.ts';
import type { SessionUser } from '../../session/session-user.ts';
import type { ProfileField } from './account-api.ts';

export interface ProfileForm {
  newUsername: string;
  newEmail: string;
  newPassword: string;
  confirmPassword: string;
  newPhone: string;
  currentPassword: string;
}

export const EMPTY_PROFILE_FORM: ProfileForm = {
  newUsername: '',
  newEmail: '',
  newPassword: '',
  confirmPassword: '',
  newPhone: '',
  currentPassword: '',
};

export const PROFILE_FIELDS: readonly { field: ProfileField; label: string; noun: string }[] = [
  { field: 'username', label: 'Username', noun: 'username' },
  { field: 'email', label: 'Email', noun: 'email' },
  { field: 'password', label: 'Password', noun: 'password' },
  { field: 'phone', label: 'Phone Number', noun: 'phone number' },
];

/** The chosen field's refusals, each by the input it belongs to (shown all at once). */
export function profileErrors(
  field: ProfileField,
  form: ProfileForm,
  user: SessionUser,
): FieldErrors<keyof ProfileForm> {
  const { currentPassword } = form;
  switch (field) {
    case 'username':
      return profileUsernameErrors({
        newUsername: form.newUsername,
        currentUsername: user.username,
      });
    case 'email':
      return profileEmailErrors({
        newEmail: form.newEmail,
        currentEmail: user.email,
        currentPassword,
      });
    case 'password':
      return profilePasswordErrors({ ...form, currentPassword });
    case 'phone':
      return profilePhoneErrors({
        newPhone: form.newPhone,
        currentPhone: user.phone,
        currentPassword,
      });
  }
}

/** The PUT body's own fields (userId and authenticated are added by the call). */
export function requestFields(field: ProfileField, form: ProfileForm): Record<string, string> {
  const currentPassword = form.currentPassword;
  switch (field) {
    case 'username':
      return { newUsername: form.newUsername.trim() };
    case 'email':
      return { currentPassword, newEmail: form.newEmail.trim() };
    case 'password':
      return { currentPassword, newPassword: form.newPassword };
    case 'phone':
      return { currentPassword, newPhone: form.newPhone.trim() };
  }
}

function nounOf(field: ProfileField): string {
  return PROFILE_FIELDS.find((f) => f.field === field)?.noun ?? field;
}

/** The server's message, else 'Username update failed: {status}', else 'Failed to update username.' */
export function profileFailure(field: ProfileField, error: unknown): string {
  const noun = nounOf(field);
  if (error instanceof ApiError) {
    if (error.fromServer) return error.message;
    if (error.status > 0)
      return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} update failed: ${error.status}`;
  }
  return `Failed to update ${noun}.`;
}
