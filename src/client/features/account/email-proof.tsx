// The profile's "is this email yours?" panel (beyond-spec.md section 1 "Email ownership"):
// whether the server holds the email as proven, and for an unproven one a mailed 6-digit code
// to prove it. An unproven email is why an approved volunteer application waits, so the
// panel says so plainly and offers the code right there.
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { message, type Message } from '#shared/i18n/messages';
import { getSessionUser, updateSessionUser, type SessionUser } from '../../session/session-user.ts';
import { useT, type Saying } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FormEnd } from '../../ui/form-end.tsx';
import { SuccessMessage } from '../../ui/form-message.tsx';
import { useFormSend } from '../../ui/form-state.ts';
import { FormActions } from '../../ui/page-layout.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { readEmailProof, sendEmailCode, verifyEmail } from './account-api.ts';
import { accountInputs } from './account-fields.ts';
import { serverMessageOr } from './server-message.ts';
import styles from './account.module.css';

export const EMAIL_PROOF_TEXTS = {
  sendFailed: message('account.emailProof.sendFailed'),
  verifyFailed: message('account.emailProof.verifyFailed'),
} as const;

/** The code's own rule, checked before any call (the server says the same). */
export function emailCodeProblem(code: string): Message | null {
  if (code === '') return message('account.emailProof.codeMissing');
  return /^\d{6}$/.test(code) ? null : message('account.emailProof.codeFormat');
}

// Stands for the address in the translated sentence, so the address can be shown in bold
// wherever the language puts it.
const EMAIL_MARK = '\u0000';

/** "Prove that <strong>{email}</strong> is yours: …", in the current language. */
function ProveText({ email }: { email: string }) {
  const t = useT();
  const [before = '', after = ''] = t('account.emailProof.prove', { email: EMAIL_MARK }).split(
    EMAIL_MARK,
  );
  return (
    <p className={styles.proofText}>
      {before}
      <strong>{email}</strong>
      {after}
    </p>
  );
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
  const t = useT();
  return (
    <p className={`${styles.proofStatus} ${proven ? styles.proven : styles.unproven}`}>
      <span className={styles.proofMark} aria-hidden="true">
        {proven ? '✓' : '!'}
      </span>
      <span>{t(proven ? 'account.emailProof.proven' : 'account.emailProof.unproven')}</span>
    </p>
  );
}

export function EmailProof({ user }: { user: SessionUser }) {
  const t = useT();
  const headingId = useId();
  const [code, setCode] = useState('');
  const { busy, error, setError, send } = useFormSend();
  const [notice, setNotice] = useState<string | null>(null);
  useFreshEmailProof(user);

  const email = user.email;
  if (email === null || user.emailVerified === undefined) return null;

  async function run(action: () => Promise<void>, fallback: Saying) {
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
        {t('account.emailProof.title')}
      </h2>
      <ProofStatus proven={user.emailVerified} />
      {user.emailVerified ? (
        <SuccessMessage text={notice} />
      ) : (
        // The code field is there from the start: the mail sent at registration or at an
        // email change already holds a code, and its text points at this field.
        <form noValidate onSubmit={submitCode}>
          <ProveText email={email} />
          <FormActions>
            <Button variant="secondary" onClick={sendCode} disabled={busy}>
              {t('account.emailProof.sendCode')}
            </Button>
          </FormActions>
          <SuccessMessage text={notice} />
          <div className={styles.proofCode}>
            <TextField
              label={t('account.emailProof.codeLabel')}
              value={code}
              onChange={setCode}
              {...accountInputs().emailedCode}
              required
            />
          </div>
          <FormEnd error={error} busy={busy} submitLabel={t('account.emailProof.verify')} />
        </form>
      )}
    </section>
  );
}
