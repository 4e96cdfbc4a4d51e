import { useState, type SyntheticEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { registrationStep1Errors, registrationStep2Errors } from '#shared/rules/auth';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FormEnd } from '../../ui/form-end.tsx';
import {
  useFieldErrors,
  useFormSend,
  useFormState,
  useNoteThenLeave,
} from '../../ui/form-state.ts';
import type { FieldErrors } from '../../ui/form-state.ts';
import { Card, PageLayout } from '../../ui/page-layout.tsx';
import { register, usernameAvailable, type Registration } from './account-api.ts';
import { GoBackHeader } from './auth-header.tsx';
import { REGISTER_MESSAGES, registeredNote, registrationFailure } from './register-errors.ts';
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

/**
 * Step 1's refusals, all at once (issue 20 item 8), then whether the username is free: a taken
 * one is refused here, beside the field, rather than after step 2. A check that could not be
 * made lets the person on; registration refuses a taken name anyway.
 */
async function stepOneErrors(form: RegisterForm): Promise<FieldErrors<keyof RegisterForm>> {
  const errors: FieldErrors<keyof RegisterForm> = registrationStep1Errors(form);
  if (errors.username !== undefined) return errors;
  const available = await usernameAvailable(form.username.trim());
  return available === false ? { ...errors, username: REGISTER_MESSAGES.usernameTaken } : errors;
}

export function RegisterPage() {
  const t = useT();
  const [step, setStep] = useState<1 | 2>(1);
  const { form, change } = useFormState<RegisterForm>(EMPTY_REGISTER_FORM);
  const { busy, error, send } = useFormSend();
  const fieldErrors = useFieldErrors<keyof RegisterForm>();
  const [success, setSuccess] = useNoteThenLeave('/login', REGISTER_REDIRECT_MS);
  const edit = (field: keyof RegisterForm, value: string) => {
    change(field, value);
    fieldErrors.clear(field);
  };

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (step === 1) {
      await send(async () => {
        if (fieldErrors.report(await stepOneErrors(form))) setStep(2);
      }, registrationFailure);
      return;
    }
    if (!fieldErrors.report(registrationStep2Errors(form))) return;
    await send(async () => {
      const message = await register(toRegistration(form));
      setSuccess(registeredNote(message));
    }, registrationFailure);
  }

  return (
    <PageLayout header={<GoBackHeader />} narrow>
      <Card title={t('account.register.title')}>
        <SecureIndicator />
        <p className={styles.steps}>{t('account.register.step', { step })}</p>
        <form noValidate onSubmit={(event) => void submit(event)}>
          {step === 1 ? (
            <RegisterStepOne form={form} change={edit} errors={fieldErrors.errors} />
          ) : (
            <RegisterStepTwo form={form} change={edit} errors={fieldErrors.errors} />
          )}
          <FormEnd
            error={error}
            success={success}
            busy={busy}
            submitLabel={t(step === 1 ? 'account.register.next' : 'account.register.submit')}
            before={
              step === 2 && (
                <Button variant="secondary" onClick={() => setStep(1)} disabled={busy}>
                  {t('account.register.back')}
                </Button>
              )
            }
          />
        </form>
        <p className={styles.footnote}>
          {t('account.register.haveAccount')} <Link to="/login">{t('account.register.logIn')}</Link>
        </p>
      </Card>
    </PageLayout>
  );
}
