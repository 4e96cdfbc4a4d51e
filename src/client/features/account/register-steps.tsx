import { useT, type Translate } from '../../i18n/i18n.ts';
import { FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import type { FieldErrors } from '../../ui/form-state.ts';
import { accountInputs } from './account-fields.ts';
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

type RegisterFields = readonly FieldSpec<keyof RegisterForm>[];

/** Step 1: username (required), email and phone (optional). */
function stepOneFields(t: Translate): RegisterFields {
  const inputs = accountInputs();
  return [
    { name: 'username', label: t('account.fields.username'), ...inputs.username, required: true },
    { name: 'email', label: t('account.fields.email'), ...inputs.email, optional: true },
    { name: 'phone', label: t('account.fields.phone'), ...inputs.phone, optional: true },
  ];
}

/** Step 2: first and last name (optional), password and its confirmation. */
function stepTwoFields(t: Translate): RegisterFields {
  const inputs = accountInputs();
  return [
    {
      name: 'firstName',
      label: t('account.fields.firstName'),
      autoComplete: 'given-name',
      optional: true,
    },
    {
      name: 'lastName',
      label: t('account.fields.lastName'),
      autoComplete: 'family-name',
      optional: true,
    },
    {
      name: 'password',
      label: t('account.fields.password'),
      ...inputs.newPassword,
      // Registration keeps the spec's own password rule (later ones may not be common ones).
      hint: t('account.register.passwordHint'),
      required: true,
    },
    {
      name: 'confirmPassword',
      label: t('account.fields.confirmPassword'),
      ...inputs.newPassword,
      required: true,
    },
  ];
}

interface StepProps {
  form: RegisterForm;
  change: (field: keyof RegisterForm, value: string) => void;
  /** Each field's refusal, shown beside it. */
  errors: FieldErrors<keyof RegisterForm>;
}

export function RegisterStepOne({ form, change, errors }: StepProps) {
  const t = useT();
  return (
    <>
      <FormFields fields={stepOneFields(t)} values={form} onChange={change} errors={errors} />
      <p className={styles.note}>{t('account.register.contactNote')}</p>
    </>
  );
}

export function RegisterStepTwo({ form, change, errors }: StepProps) {
  const t = useT();
  return <FormFields fields={stepTwoFields(t)} values={form} onChange={change} errors={errors} />;
}
