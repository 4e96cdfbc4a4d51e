import { FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import type { FieldErrors } from '../../ui/form-state.ts';
import { ACCOUNT_INPUTS } from './account-fields.ts';
import styles from './account.module.css';

export interface RegisterForm {
  username: string;
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_REGISTER_FORM: RegisterForm = {
  username: '',
  email: '',
  phone: '',
  firstName: '',
  lastName: '',
  password: '',
  confirmPassword: '',
};

/** Registration keeps the spec's own password rule (later passwords may not be common ones). */
const PASSWORD_HINT = 'At least 8 letters and numbers, with at least one of each.';

type RegisterFields = readonly FieldSpec<keyof RegisterForm>[];

/** Step 1: username (required), email and phone (optional). */
const STEP_ONE_FIELDS: RegisterFields = [
  { name: 'username', label: 'Username', ...ACCOUNT_INPUTS.username, required: true },
  { name: 'email', label: 'Email', ...ACCOUNT_INPUTS.email, optional: true },
  { name: 'phone', label: 'Phone', ...ACCOUNT_INPUTS.phone, optional: true },
];

/** Step 2: first and last name (optional), password and its confirmation. */
const STEP_TWO_FIELDS: RegisterFields = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', optional: true },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', optional: true },
  {
    name: 'password',
    label: 'Password',
    ...ACCOUNT_INPUTS.newPassword,
    hint: PASSWORD_HINT,
    required: true,
  },
  {
    name: 'confirmPassword',
    label: 'Confirm Password',
    ...ACCOUNT_INPUTS.newPassword,
    required: true,
  },
];

interface StepProps {
  form: RegisterForm;
  change: (field: keyof RegisterForm, value: string) => void;
  /** Each field's refusal, shown beside it. */
  errors: FieldErrors<keyof RegisterForm>;
}

export function RegisterStepOne({ form, change, errors }: StepProps) {
  return (
    <>
      <FormFields fields={STEP_ONE_FIELDS} values={form} onChange={change} errors={errors} />
      <p className={styles.note}>
        Email or phone is recommended, so we can reach you about your orders and help you recover
        your account.
      </p>
    </>
  );
}

export function RegisterStepTwo({ form, change, errors }: StepProps) {
  return <FormFields fields={STEP_TWO_FIELDS} values={form} onChange={change} errors={errors} />;
}
