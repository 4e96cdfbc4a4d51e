import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { validateResetRequest, validateResetVerify } from '#shared/rules/validation';
import { ApiError } from '../../api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorMessage, SuccessMessage } from '../../ui/form-message.tsx';
import { Card, FormActions, PageLayout } from '../../ui/page-layout.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { requestPasswordReset, verifyPasswordReset } from './account-api.ts';
import { GoBackHeader } from './auth-header.tsx';

export const RESET_MESSAGES = {
  sendFailed: 'Failed to send recovery code.',
  resetFailed: 'Failed to reset password.',
} as const;

function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

/** Spec section 2 "Password recovery": request a code, then the code and a new password. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { busy, whileBusy } = useBusy();

  async function run(action: () => Promise<void>, fallback: string) {
    setError(null);
    await whileBusy(async () => {
      try {
        await action();
      } catch (caught) {
        setError(failure(caught, fallback));
      }
    });
  }

  function requestCode(event: SyntheticEvent) {
    event.preventDefault();
    const invalid = validateResetRequest({ email });
    if (invalid !== null) return setError(invalid);
    void run(async () => {
      setNotice(await requestPasswordReset(email.trim()));
      setStep(2);
    }, RESET_MESSAGES.sendFailed);
  }

  function resetPassword(event: SyntheticEvent) {
    event.preventDefault();
    setNotice(null);
    const invalid = validateResetVerify({ email, otp, newPassword });
    if (invalid !== null) return setError(invalid);
    void run(async () => {
      const input = { email: email.trim(), otp: otp.trim(), newPassword };
      setNotice(await verifyPasswordReset(input));
      setDone(true);
    }, RESET_MESSAGES.resetFailed);
  }

  return (
    <PageLayout header={<GoBackHeader />} narrow>
      {step === 1 ? (
        <Card title="Request a Recovery Code">
          <form noValidate onSubmit={requestCode}>
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={setEmail}
              autoComplete="email"
              required
            />
            <ErrorMessage text={error} />
            <FormActions>
              <Button type="submit" disabled={busy}>
                Send Recovery Code
              </Button>
            </FormActions>
          </form>
        </Card>
      ) : (
        <Card title="Enter OTP & New Password">
          <SuccessMessage text={notice} />
          {done ? (
            <Button onClick={() => void navigate({ to: '/login' })}>Go to Login</Button>
          ) : (
            <form noValidate onSubmit={resetPassword}>
              <TextField
                label="Email"
                type="email"
                value={email}
                onChange={setEmail}
                autoComplete="email"
                required
              />
              <TextField
                label="OTP"
                value={otp}
                onChange={setOtp}
                autoComplete="one-time-code"
                inputMode="numeric"
                hint="The 6-digit code from the email."
                required
              />
              <TextField
                label="New Password"
                type="password"
                value={newPassword}
                onChange={setNewPassword}
                autoComplete="new-password"
                required
              />
              <ErrorMessage text={error} />
              <FormActions>
                <Button type="submit" disabled={busy}>
                  Reset Password
                </Button>
                <Button variant="secondary" onClick={() => setStep(1)} disabled={busy}>
                  Send a new code
                </Button>
              </FormActions>
            </form>
          )}
        </Card>
      )}
    </PageLayout>
  );
}
