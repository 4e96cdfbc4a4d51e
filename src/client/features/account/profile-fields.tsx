import { useT, type Saying, type Translate } from '../../i18n/i18n.ts';
import { FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import type { ProfileField } from './account-api.ts';
import { accountInputs, newPasswordHint } from './account-fields.ts';
import type { ProfileForm } from './profile-update.ts';

type ProfileFieldSpec = FieldSpec<keyof ProfileForm>;

/** The new value's inputs of each choice, labelled in the language of the moment. */
function newValueFields(field: ProfileField, t: Translate): readonly ProfileFieldSpec[] {
  const inputs = accountInputs();
  switch (field) {
    case 'username':
      return [{ name: 'newUsername', label: t('account.fields.newUsername'), ...inputs.username }];
    case 'email':
      return [{ name: 'newEmail', label: t('account.fields.newEmail'), ...inputs.email }];
    case 'password':
      return [
        {
          name: 'newPassword',
          label: t('account.fields.newPassword'),
          ...inputs.newPassword,
          hint: newPasswordHint(),
        },
        {
          name: 'confirmPassword',
          label: t('account.fields.confirmNewPassword'),
          ...inputs.newPassword,
        },
      ];
    case 'phone':
      return [
        {
          name: 'newPhone',
          label: t('account.fields.newPhone'),
          ...inputs.phone,
          hint: t('account.fields.phoneHint'),
        },
      ];
  }
}

/** The inputs of a choice: email, password and phone also ask for the current password. */
function fieldsOf(field: ProfileField, t: Translate): readonly ProfileFieldSpec[] {
  const newValue = newValueFields(field, t);
  if (field === 'username') return newValue;
  const currentPassword: ProfileFieldSpec = {
    name: 'currentPassword',
    label: t('account.fields.currentPassword'),
    ...accountInputs().currentPassword,
  };
  return [...newValue, currentPassword];
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
  const t = useT();
  return <FormFields fields={fieldsOf(field, t)} values={form} onChange={change} errors={errors} />;
}
