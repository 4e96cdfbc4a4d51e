import { TextField } from '../../ui/text-field.tsx';
import type { ProfileField } from './account-api.ts';
import type { ProfileForm } from './profile-update.ts';

interface ProfileFieldsProps {
  field: ProfileField;
  form: ProfileForm;
  change: (name: keyof ProfileForm, value: string) => void;
}

function NewValue({ field, form, change }: ProfileFieldsProps) {
  switch (field) {
    case 'username':
      return (
        <TextField
          label="New Username"
          value={form.newUsername}
          onChange={(v) => change('newUsername', v)}
          autoComplete="username"
          hint="English letters only."
        />
      );
    case 'email':
      return (
        <TextField
          label="New Email"
          type="email"
          value={form.newEmail}
          onChange={(v) => change('newEmail', v)}
          autoComplete="email"
        />
      );
    case 'password':
      return (
        <>
          <TextField
            label="New Password"
            type="password"
            value={form.newPassword}
            onChange={(v) => change('newPassword', v)}
            autoComplete="new-password"
            hint="At least 8 letters and numbers, with at least one of each; not a common password."
          />
          <TextField
            label="Confirm New Password"
            type="password"
            value={form.confirmPassword}
            onChange={(v) => change('confirmPassword', v)}
            autoComplete="new-password"
          />
        </>
      );
    case 'phone':
      return (
        <TextField
          label="New Phone Number"
          type="tel"
          value={form.newPhone}
          onChange={(v) => change('newPhone', v)}
          autoComplete="tel"
          inputMode="numeric"
          hint="10 digits."
        />
      );
  }
}

/** The inputs for the chosen field; email, password and phone also ask for the current password. */
export function ProfileFields(props: ProfileFieldsProps) {
  const { field, form, change } = props;
  return (
    <>
      <NewValue {...props} />
      {field !== 'username' && (
        <TextField
          label="Current Password"
          type="password"
          value={form.currentPassword}
          onChange={(v) => change('currentPassword', v)}
          autoComplete="current-password"
        />
      )}
    </>
  );
}
