import { useState, type SyntheticEvent } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { resetRequestErrors, resetVerifyErrors } from '#shared/rules/auth';
import { message } from '#shared/i18n/messages';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import { FormEnd } from '../../ui/form-end.tsx';
import { SuccessMessage } from '../../ui/form-message.tsx';
import { useFieldErrors, useFormSend, useFormState } from '../../ui/form-state.ts';
import { Card, PageLayout } from '../../ui/page-layout.tsx';
import { requestPasswordReset, verifyPasswordReset } from './account-api.ts';
import { accountInputs, newPasswordHint } from './account-fields.ts';
import { GoBackHeader } from './auth-header.tsx';
import { serverMessageOr } from './server-message.ts';
import styles from './account.module.css';

export const RESET_MESSAGES = {
  sendFailed: message('account.reset.sendFailed'),
  resetFailed: message('account.reset.resetFailed'),
} as const;

interface ResetForm {
  email: string;
  otp: string;
  newPassword: string;
}

type ResetFields = readonly FieldSpec<keyof ResetForm>[];

function emailField(t: Translate) {
  return {
    name: 'email',
    label: t('account.fields.email'),
    ...accountInputs().email,
    required: true,
  } as const;
}

function requestFields(t: Translate): ResetFields {
  return [emailField(t)];
}

function resetFields(t: Translate): ResetFields {
  const inputs = accountInputs();
  return [
    emailField(t),
    { name: 'otp', label: t('account.fields.otp'), ...inputs.emailedCode, required: true },
    {
      name: 'newPassword',
      label: t('account.fields.newPassword'),
      ...inputs.newPassword,
      hint: newPasswordHint(),
      required: true,
    },
  ];
}

/**
 * The email a mail's link carries (`/reset_password?email=…`): a mail that holds a code links
 * here with the address filled in. The code itself never travels in the address.
 */
function useLinkedEmail(): string {
  // Read from the router's address once, when the page opens; not through useLocation,
  // whose import here made Rolldown split six shared chunks out of the entry (modulepreloads
  // on the landing's critical path, ARCHITECTURE.md "Keep the entry one file").
  const router = useRouter();
  const [email] = useState(() => new URLSearchParams(router.state.location.searchStr).get('email'));
  return email?.trim() ?? '';
}

/**
 * Spec section 2 "Password recovery": request a code, then the code and a new password. A code
 * that came by mail (an approval's welcome, an earlier request) goes straight to step 2 with
 * "I already have a code": asking for a new one would void it.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const t = useT();
  const linkedEmail = useLinkedEmail();
  const [step, setStep] = useState<1 | 2>(1);
  const { form, change } = useFormState<ResetForm>({
    email: linkedEmail,
    otp: '',
    newPassword: '',
  });
  const { busy, error, setError, send } = useFormSend();
  const fieldErrors = useFieldErrors<keyof ResetForm>();
  const edit = (name: keyof ResetForm, value: string) => {
    change(name, value);
    fieldErrors.clear(name);
  };
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { email, otp, newPassword } = form;

  function requestCode(event: SyntheticEvent) {
    event.preventDefault();
    setError(null);
    if (!fieldErrors.report(resetRequestErrors({ email }))) return;
    void send(async () => {
      setNotice(await requestPasswordReset(email.trim()));
      setStep(2);
    }, serverMessageOr(RESET_MESSAGES.sendFailed));
  }

  function haveCode(event: SyntheticEvent) {
    event.preventDefault();
    setError(null);
    fieldErrors.report({});
    setNotice(null);
    setStep(2);
  }

  // From a mail's link the code is in hand: "I already have a code" is the main button and
  // what Enter does (a new code would void the mailed one).
  const fromLink = linkedEmail !== '';
  const sendCode = { label: t('account.reset.sendCode'), action: requestCode };
  const haveOne = { label: t('account.reset.haveCode'), action: haveCode };
  const [main, other] = fromLink ? [haveOne, sendCode] : [sendCode, haveOne];

  function resetPassword(event: SyntheticEvent) {
    event.preventDefault();
    setNotice(null);
    setError(null);
    if (!fieldErrors.report(resetVerifyErrors({ email, otp, newPassword }))) return;
    void send(async () => {
      const input = { email: email.trim(), otp: otp.trim(), newPassword };
      setNotice(await verifyPasswordReset(input));
      setDone(true);
    }, serverMessageOr(RESET_MESSAGES.resetFailed));
  }

  return (
    <PageLayout header={<GoBackHeader />} narrow>
      {step === 1 ? (
        <Card title={t('account.reset.requestTitle')}>
          <form noValidate onSubmit={main.action}>
            {fromLink && <p className={styles.note}>{t('account.reset.fromLink')}</p>}
            <FormFields
              fields={requestFields(t)}
              values={form}
              onChange={edit}
              errors={fieldErrors.errors}
            />
            <FormEnd error={error} busy={busy} submitLabel={main.label}>
              <Button variant="secondary" onClick={other.action} disabled={busy}>
                {other.label}
              </Button>
            </FormEnd>
          </form>
        </Card>
      ) : (
        <Card title={t('account.reset.verifyTitle')}>
          <SuccessMessage text={notice} />
          {done ? (
            <Button onClick={() => void navigate({ to: '/login' })}>
              {t('account.reset.goToLogin')}
            </Button>
          ) : (
            <form noValidate onSubmit={resetPassword}>
              <FormFields
                fields={resetFields(t)}
                values={form}
                onChange={edit}
                errors={fieldErrors.errors}
              />
              <FormEnd error={error} busy={busy} submitLabel={t('account.reset.submit')}>
                <Button
                  variant="secondary"
                  onClick={() => {
                    fieldErrors.report({});
                    setStep(1);
                  }}
                  disabled={busy}
                >
                  {t('account.reset.newCode')}
                </Button>
              </FormEnd>
            </form>
          )}
        </Card>
      )}
    </PageLayout>
  );
}
