// The fields of the Add New User and Update forms (product-spec.md section 2 "Admin users"):
// username, email, phone, firstName, lastName, role (CLIENT or VOLUNTEER; an admin being edited
// may also stay ADMIN — the server refuses demoting the last admin).
import { useT, type Saying, type Translate } from '../../i18n/i18n.ts';
import { ADMIN_USER_LIMITS } from '#shared/contracts/admin-users';
import { roleWord } from '../../ui/code-words.ts';
import { FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import type { UserForm } from './users-api.ts';

const ROLES = ['CLIENT', 'VOLUNTEER'] as const;

// The text inputs, in the form's order; no autofill: an admin types someone else's details.
const { username, email, phone, name } = ADMIN_USER_LIMITS;
// Labels in the current language, so made at render.
const textFields = (t: Translate): readonly FieldSpec<Exclude<keyof UserForm, 'role'>>[] => [
  {
    name: 'username',
    label: t('admin.users.field.username'),
    maxLength: username,
    autoComplete: 'off',
  },
  {
    name: 'email',
    label: t('admin.users.field.email'),
    type: 'email',
    maxLength: email,
    autoComplete: 'off',
  },
  {
    name: 'phone',
    label: t('admin.users.field.phone'),
    type: 'tel',
    maxLength: phone,
    autoComplete: 'off',
  },
  {
    name: 'firstName',
    label: t('admin.users.field.firstName'),
    maxLength: name,
    autoComplete: 'off',
  },
  {
    name: 'lastName',
    label: t('admin.users.field.lastName'),
    maxLength: name,
    autoComplete: 'off',
  },
];

interface UserFormFieldsProps {
  form: UserForm;
  onChange: (form: UserForm) => void;
  /** Each field's refusal, shown beside it. */
  errors?: Partial<Record<keyof UserForm, Saying>>;
}

export function UserFormFields({ form, onChange, errors }: UserFormFieldsProps) {
  const t = useT();
  const set = (field: keyof UserForm, value: string) => onChange({ ...form, [field]: value });
  const roles = form.role === 'ADMIN' ? ['ADMIN', ...ROLES] : ROLES;
  return (
    <>
      <FormFields fields={textFields(t)} values={form} onChange={set} errors={errors} />
      <SelectField
        label={t('admin.users.field.role')}
        value={form.role}
        onChange={(value) => set('role', value)}
        options={roles.map((role) => ({ value: role, label: roleWord(role) }))}
      />
    </>
  );
}
