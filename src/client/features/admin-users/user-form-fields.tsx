// The fields of the Add New User and Update forms (product-spec.md section 2 "Admin users"):
// username, email, phone, firstName, lastName, role (CLIENT or VOLUNTEER; an admin being edited
// may also stay ADMIN — the server refuses demoting the last admin).
import { ADMIN_USER_LIMITS } from '#shared/contracts/admin-users';
import { TextField } from '../../ui/text-field.tsx';
import { SelectField } from '../admin/fields.tsx';
import type { UserForm } from './users-api.ts';

const ROLES = ['CLIENT', 'VOLUNTEER'] as const;

interface UserFormFieldsProps {
  form: UserForm;
  onChange: (form: UserForm) => void;
}

export function UserFormFields({ form, onChange }: UserFormFieldsProps) {
  const set = (name: keyof UserForm) => (value: string) => onChange({ ...form, [name]: value });
  const roles = form.role === 'ADMIN' ? ['ADMIN', ...ROLES] : ROLES;
  return (
    <>
      <TextField
        label="Username"
        value={form.username}
        onChange={set('username')}
        maxLength={ADMIN_USER_LIMITS.username}
        autoComplete="off"
      />
      <TextField
        label="Email"
        type="email"
        value={form.email}
        onChange={set('email')}
        maxLength={ADMIN_USER_LIMITS.email}
        autoComplete="off"
      />
      <TextField
        label="Phone"
        type="tel"
        value={form.phone}
        onChange={set('phone')}
        maxLength={ADMIN_USER_LIMITS.phone}
        autoComplete="off"
      />
      <TextField
        label="First Name"
        value={form.firstName}
        onChange={set('firstName')}
        maxLength={ADMIN_USER_LIMITS.name}
        autoComplete="off"
      />
      <TextField
        label="Last Name"
        value={form.lastName}
        onChange={set('lastName')}
        maxLength={ADMIN_USER_LIMITS.name}
        autoComplete="off"
      />
      <SelectField label="Role" value={form.role} onChange={set('role')} options={roles} />
    </>
  );
}
