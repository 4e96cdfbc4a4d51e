// The fields of the Add New User and Update forms (product-spec.md section 2 "Admin users"):
// username, email, phone, firstName, lastName, role (CLIENT or VOLUNTEER; an admin being edited
// may also stay ADMIN — the server refuses demoting the last admin).
import { ADMIN_USER_LIMITS } from '#shared/contracts/admin-users';
import { SelectField, valueOptions } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { UserForm } from './users-api.ts';

const ROLES = ['CLIENT', 'VOLUNTEER'] as const;

/** The text inputs, in the form's order. */
const TEXT_FIELDS = [
  { name: 'username', label: 'Username', maxLength: ADMIN_USER_LIMITS.username },
  { name: 'email', label: 'Email', type: 'email', maxLength: ADMIN_USER_LIMITS.email },
  { name: 'phone', label: 'Phone', type: 'tel', maxLength: ADMIN_USER_LIMITS.phone },
  { name: 'firstName', label: 'First Name', maxLength: ADMIN_USER_LIMITS.name },
  { name: 'lastName', label: 'Last Name', maxLength: ADMIN_USER_LIMITS.name },
] as const satisfies readonly {
  name: Exclude<keyof UserForm, 'role'>;
  label: string;
  type?: string;
  maxLength: number;
}[];

interface UserFormFieldsProps {
  form: UserForm;
  onChange: (form: UserForm) => void;
}

export function UserFormFields({ form, onChange }: UserFormFieldsProps) {
  const set = (name: keyof UserForm) => (value: string) => onChange({ ...form, [name]: value });
  const roles = form.role === 'ADMIN' ? ['ADMIN', ...ROLES] : ROLES;
  return (
    <>
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type={'type' in field ? field.type : undefined}
          value={form[field.name]}
          onChange={set(field.name)}
          maxLength={field.maxLength}
          autoComplete="off"
        />
      ))}
      <SelectField
        label="Role"
        value={form.role}
        onChange={set('role')}
        options={valueOptions(roles)}
      />
    </>
  );
}
