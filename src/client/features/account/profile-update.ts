// The rules of the 'Update Profile' form (spec sections 2, 5 and 8 "Profile"): which check
// applies to the chosen field, what the PUT carries, what changes in the session user, and
// what a failure says.
import { message, type MessageId } from '#shared/i18n/messages';
import type { FieldErrors } from '#shared/rules/auth';
import {
  profileEmailErrors,
  profilePasswordErrors,
  profilePhoneErrors,
  profileUsernameErrors,
} from '#shared/rules/profile';
import { ApiError } from '../../api/api-client.ts';
import type { Saying } from '../../i18n/i18n.ts';
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

/** The updatable fields, in the order the choice lists them. */
export const PROFILE_FIELDS: readonly ProfileField[] = ['username', 'email', 'password', 'phone'];

/** Each choice's label (ids written out: the catalogue check finds every id by its name). */
export const PROFILE_FIELD_LABELS = {
  username: 'account.fields.username',
  email: 'account.fields.email',
  password: 'account.fields.password',
  phone: 'account.fields.phoneNumber',
} as const satisfies Record<ProfileField, MessageId>;

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

/** The server's message, else 'Username update failed: {status}', else 'Failed to update username.' */
export function profileFailure(field: ProfileField, error: unknown): Saying {
  if (error instanceof ApiError) {
    if (error.fromServer) return error.message;
    if (error.status > 0)
      return message('account.profile.updateFailedStatus', { field, status: error.status });
  }
  return message('account.profile.updateFailed', { field });
}
