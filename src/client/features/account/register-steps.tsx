import { TextField } from '../../ui/text-field.tsx';
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

interface StepProps {
  form: RegisterForm;
  change: (field: keyof RegisterForm, value: string) => void;
}

/** Step 1: username (required), email and phone (optional). */
export function RegisterStepOne({ form, change }: StepProps) {
  return (
    <>
      <TextField
        label="Username"
        value={form.username}
        onChange={(v) => change('username', v)}
        autoComplete="username"
        hint="English letters only."
        required
      />
      <TextField
        label="Email"
        type="email"
        value={form.email}
        onChange={(v) => change('email', v)}
        autoComplete="email"
        optional
      />
      <TextField
        label="Phone"
        type="tel"
        value={form.phone}
        onChange={(v) => change('phone', v)}
        autoComplete="tel"
        inputMode="numeric"
        optional
      />
      <p className={styles.note}>
        Email or phone is recommended, so we can reach you about your orders and help you recover
        your account.
      </p>
    </>
  );
}

/** Step 2: first and last name (optional), password and its confirmation. */
export function RegisterStepTwo({ form, change }: StepProps) {
  return (
    <>
      <TextField
        label="First Name"
        value={form.firstName}
        onChange={(v) => change('firstName', v)}
        autoComplete="given-name"
        optional
      />
      <TextField
        label="Last Name"
        value={form.lastName}
        onChange={(v) => change('lastName', v)}
        autoComplete="family-name"
        optional
      />
      <TextField
        label="Password"
        type="password"
        value={form.password}
        onChange={(v) => change('password', v)}
        autoComplete="new-password"
        hint="At least 8 letters and numbers, with at least one of each."
        required
      />
      <TextField
        label="Confirm Password"
        type="password"
        value={form.confirmPassword}
        onChange={(v) => change('confirmPassword', v)}
        autoComplete="new-password"
        required
      />
    </>
  );
}
