// The profile's "is this email yours?" panel (beyond-spec.md section 1 "Email ownership"):
// whether the server holds the email as proven, and for an unproven one a mailed 6-digit code
// to prove it. An unproven email is why an approved volunteer application waits, so the
// panel says so plainly and offers the code right there.
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { EMAIL_MESSAGES } from '#shared/contracts/auth';
import { getSessionUser, updateSessionUser, type SessionUser } from '../../session/session-user.ts';
import { Button } from '../../ui/button.tsx';
import { FormEnd } from '../../ui/form-end.tsx';
import { SuccessMessage } from '../../ui/form-message.tsx';
import { useFormSend } from '../../ui/form-state.ts';
import { FormActions } from '../../ui/page-layout.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { readEmailProof, sendEmailCode, verifyEmail } from './account-api.ts';
import { ACCOUNT_INPUTS } from './account-fields.ts';
import { serverMessageOr } from './server-message.ts';
import styles from './account.module.css';

export const EMAIL_PROOF_TEXTS = {
  proven: 'Email verified',
  unproven: 'Email not verified',
  sendFailed: 'Failed to send verification code.',
  verifyFailed: 'Failed to verify email.',
} as const;

/** The code's own rule, checked before any call (the server says the same). */
export function emailCodeProblem(code: string): string | null {
  if (code === '') return EMAIL_MESSAGES.codeMissing;
  return /^\d{6}$/.test(code) ? null : EMAIL_MESSAGES.codeFormat;
}

/**
 * Asks the server once when the panel opens: the email may have been proven elsewhere (another
 * tab, the recovery page) since this tab's copy was made, and a copy restored offline or
 * stored by an older version does not know. A failure (offline, 401) leaves the copy as it is.
 */
function useFreshEmailProof(user: SessionUser): void {
  const userId = user.userId;
  useEffect(() => {
    const asked = getSessionUser();
    let live = true;
    readEmailProof().then(
      (proof) => {
        // A verify, an email change or a logout since the question is newer than its answer.
        if (live && getSessionUser() === asked && proof.userId === userId)
          updateSessionUser({ emailVerified: proof.emailVerified });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId]);
}

function ProofStatus({ proven }: { proven: boolean }) {
  return (
    <p className={`${styles.proofStatus} ${proven ? styles.proven : styles.unproven}`}>
      <span className={styles.proofMark} aria-hidden="true">
        {proven ? '✓' : '!'}
      </span>
      <span>{proven ? EMAIL_PROOF_TEXTS.proven : EMAIL_PROOF_TEXTS.unproven}</span>
    </p>
  );
}

export function EmailProof({ user }: { user: SessionUser }) {
  const headingId = useId();
  const [code, setCode] = useState('');
  const { busy, error, setError, send } = useFormSend();
  const [notice, setNotice] = useState<string | null>(null);
  useFreshEmailProof(user);

  const email = user.email;
  if (email === null || user.emailVerified === undefined) return null;

  async function run(action: () => Promise<void>, fallback: string) {
    setNotice(null);
    await send(action, serverMessageOr(fallback));
  }

  function sendCode() {
    void run(async () => {
      setNotice(await sendEmailCode());
      setCode('');
    }, EMAIL_PROOF_TEXTS.sendFailed);
  }

  function submitCode(event: SyntheticEvent) {
    event.preventDefault();
    const typed = code.trim();
    const problem = emailCodeProblem(typed);
    if (problem !== null) {
      setNotice(null);
      return setError(problem);
    }
    void run(async () => {
      const reply = await verifyEmail(typed);
      updateSessionUser({ email: reply.email, emailVerified: true });
      setNotice(reply.message);
    }, EMAIL_PROOF_TEXTS.verifyFailed);
  }

  return (
    <section className={styles.proof} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.proofTitle}>
        Email address
      </h2>
      <ProofStatus proven={user.emailVerified} />
      {user.emailVerified ? (
        <SuccessMessage text={notice} />
      ) : (
        // The code field is there from the start: the mail sent at registration or at an
        // email change already holds a code, and its text points at this field.
        <form noValidate onSubmit={submitCode}>
          <p className={styles.proofText}>
            Prove that <strong>{email}</strong> is yours: we mail it a 6-digit code to enter below.
          </p>
          <FormActions>
            <Button variant="secondary" onClick={sendCode} disabled={busy}>
              Send verification code
            </Button>
          </FormActions>
          <SuccessMessage text={notice} />
          <div className={styles.proofCode}>
            <TextField
              label="Verification code"
              value={code}
              onChange={setCode}
              {...ACCOUNT_INPUTS.emailedCode}
              required
            />
          </div>
          <FormEnd error={error} busy={busy} submitLabel="Verify email" />
        </form>
      )}
    </section>
  );
}
