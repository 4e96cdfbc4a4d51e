import type { Saying } from '../../i18n/i18n.ts';
import { FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import type { ProfileField } from './account-api.ts';
import { ACCOUNT_INPUTS, NEW_PASSWORD_HINT } from './account-fields.ts';
import type { ProfileForm } from './profile-update.ts';

type ProfileFieldSpec = FieldSpec<keyof ProfileForm>;

/** The new value's inputs of each choice. */
const NEW_VALUE_FIELDS: Record<ProfileField, readonly ProfileFieldSpec[]> = {
  username: [{ name: 'newUsername', label: 'New Username', ...ACCOUNT_INPUTS.username }],
  email: [{ name: 'newEmail', label: 'New Email', ...ACCOUNT_INPUTS.email }],
  password: [
    {
      name: 'newPassword',
      label: 'New Password',
      ...ACCOUNT_INPUTS.newPassword,
      hint: NEW_PASSWORD_HINT,
    },
    { name: 'confirmPassword', label: 'Confirm New Password', ...ACCOUNT_INPUTS.newPassword },
  ],
  phone: [
    { name: 'newPhone', label: 'New Phone Number', ...ACCOUNT_INPUTS.phone, hint: '10 digits.' },
  ],
};

const CURRENT_PASSWORD: ProfileFieldSpec = {
  name: 'currentPassword',
  label: 'Current Password',
  ...ACCOUNT_INPUTS.currentPassword,
};

/** The inputs of a choice: email, password and phone also ask for the current password. */
function fieldsOf(field: ProfileField): readonly ProfileFieldSpec[] {
  const newValue = NEW_VALUE_FIELDS[field];
  return field === 'username' ? newValue : [...newValue, CURRENT_PASSWORD];
}

interface ProfileFieldsProps {
  field: ProfileField;
  form: ProfileForm;
  change: (name: keyof ProfileForm, value: string) => void;
  /** Each input's refusal, shown beside it. */
  errors: Partial<Record<keyof ProfileForm, Saying>>;
}

/** The inputs for the chosen field. */
export function ProfileFields({ field, form, change, errors }: ProfileFieldsProps) {
  return <FormFields fields={fieldsOf(field)} values={form} onChange={change} errors={errors} />;
}
