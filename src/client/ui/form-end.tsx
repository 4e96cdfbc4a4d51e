import type { ReactNode } from 'react';
import type { Saying } from '../i18n/i18n.ts';
import { Button } from './button.tsx';
import { ErrorMessage, SuccessMessage } from './form-message.tsx';
import { FormActions } from './page-layout.tsx';

interface FormEndProps {
  /** The last send's failure (or the check's message). */
  error: Saying | null;
  /** A success note under it; once there is one, the submit button stays off. */
  success?: Saying | null;
  /** A send runs: the submit button is off, so one press sends once. */
  busy: boolean;
  submitLabel: ReactNode;
  /** Buttons before the submit button (Back). */
  before?: ReactNode;
  /** Buttons after it (Cancel, Sign up). */
  children?: ReactNode;
}

/** The end of a form: its error and success lines, then its buttons with the submit button. */
export function FormEnd({
  error,
  success = null,
  busy,
  submitLabel,
  before,
  children,
}: FormEndProps) {
  return (
    <>
      <ErrorMessage text={error} />
      <SuccessMessage text={success} />
      <FormActions>
        {before}
        <Button type="submit" disabled={busy || success !== null}>
          {submitLabel}
        </Button>
        {children}
      </FormActions>
    </>
  );
}
