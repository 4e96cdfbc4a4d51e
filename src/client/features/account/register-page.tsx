import { useState, type SyntheticEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { validateRegistrationStep1, validateRegistrationStep2 } from '#shared/rules/auth';
import { Button } from '../../ui/button.tsx';
import { FormEnd } from '../../ui/form-end.tsx';
import { useFormSend, useFormState, useNoteThenLeave } from '../../ui/form-state.ts';
import { Card, PageLayout } from '../../ui/page-layout.tsx';
import { register, type Registration } from './account-api.ts';
import { GoBackHeader } from './auth-header.tsx';
import { REGISTER_MESSAGES, registrationFailure } from './register-errors.ts';
import {
  EMPTY_REGISTER_FORM,
  RegisterStepOne,
  RegisterStepTwo,
  type RegisterForm,
} from './register-steps.tsx';
import { SecureIndicator } from './secure-indicator.tsx';
import styles from './account.module.css';

/** Spec section 9: the sign-up success note stays 2 s before the login page. */
export const REGISTER_REDIRECT_MS = 2000;

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function toRegistration(form: RegisterForm): Registration {
  return {
    username: form.username.trim(),
    password: form.password,
    email: optional(form.email),
    phone: optional(form.phone),
    firstName: optional(form.firstName),
    lastName: optional(form.lastName),
  };
}

export function RegisterPage() {
  const [step, setStep] = useState<1 | 2>(1);
  const { form, change } = useFormState<RegisterForm>(EMPTY_REGISTER_FORM);
  const { busy, error, setError, send } = useFormSend();
  const [success, setSuccess] = useNoteThenLeave('/login', REGISTER_REDIRECT_MS);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (step === 1) {
      const invalid = validateRegistrationStep1(form);
      setError(invalid);
      if (invalid === null) setStep(2);
      return;
    }
    const invalid = validateRegistrationStep2(form);
    if (invalid !== null) return setError(invalid);
    await send(async () => {
      const message = await register(toRegistration(form));
      setSuccess(`${message}. ${REGISTER_MESSAGES.redirecting}`);
    }, registrationFailure);
  }

  return (
    <PageLayout header={<GoBackHeader />} narrow>
      <Card title="Sign up">
        <SecureIndicator />
        <p className={styles.steps}>Step {step} of 2</p>
        <form noValidate onSubmit={(event) => void submit(event)}>
          {step === 1 ? (
            <RegisterStepOne form={form} change={change} />
          ) : (
            <RegisterStepTwo form={form} change={change} />
          )}
          <FormEnd
            error={error}
            success={success}
            busy={busy}
            submitLabel={step === 1 ? 'Next' : 'Sign up'}
            before={
              step === 2 && (
                <Button variant="secondary" onClick={() => setStep(1)} disabled={busy}>
                  Back
                </Button>
              )
            }
          />
        </form>
        <p className={styles.footnote}>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </Card>
    </PageLayout>
  );
}
