// '/feedback' (spec section 2 "Feedback"): phone number and feedback text, Submit and
// Cancel (back). The submission goes through the outbox: sent now when the server can be
// reached, else kept and sent later ("Saved — will send when online"), with its receipt
// (Sent ✓ / Waiting to send) in the same status line. Either way the page goes home after
// 1.5 s (spec section 9).
import { useEffect, useState, type SyntheticEvent } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { FEEDBACK_LIMITS } from '#shared/contracts/feedback';
import { feedbackErrors } from '#shared/rules/feedback';
import { message } from '#shared/i18n/messages';
import { say, useT, type Saying } from '../../i18n/i18n.ts';
import { submit } from '../../offline/submit.ts';
import { envelopeMessage } from '../../offline/outbox-transport.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { useFieldErrors } from '../../ui/form-state.ts';
import { ReceiptMessage, type ReceiptTone } from '../../ui/receipt.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TitledPage } from '../../ui/titled-page.tsx';
import { FormActions } from '../../ui/page-layout.tsx';
import { queuedText } from '../../offline/status-texts.ts';
import { feedbackAction } from './feedback-action.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { useBusy } from '../../ui/use-busy.ts';

export const FEEDBACK_REDIRECT_MS = 1500;
export const FEEDBACK_FAILED = message('account.feedback.failed');

/** The server's words (in the reader's language), else our thanks (not in the spec). */
function successText(body: unknown): Saying {
  return envelopeMessage(body) ?? message('account.feedback.thanks');
}

export function FeedbackPage() {
  const t = useT();
  const user = useSessionUser();
  const navigate = useNavigate();
  const router = useRouter();
  const [phoneNumber, setPhoneNumber] = useState(user?.phone ?? '');
  const [content, setContent] = useState('');
  const [error, setError] = useState<Saying | null>(null);
  const [done, setDone] = useState<Saying | null>(null);
  // The receipt as Submit left it: the page goes home 1.5 s later, so it is not watched
  // live (a live receipt here, through offline/hooks.ts, made Rolldown split the JSX runtime
  // out of the entry script: a modulepreload on the landing).
  const [receipt, setReceipt] = useState<ReceiptTone | null>(null);
  const { busy, whileBusy } = useBusy();
  const fieldErrors = useFieldErrors<'content' | 'phoneNumber'>();

  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(() => void navigate({ to: '/' }), FEEDBACK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function send(event: SyntheticEvent) {
    event.preventDefault();
    setError(null);
    if (!fieldErrors.report(feedbackErrors({ content, phoneNumber }))) return;
    await whileBusy(async () => {
      try {
        const name = user?.username ?? null;
        const outcome = await submit(feedbackAction({ name, phoneNumber, content }));
        if (outcome.kind === 'rejected') return setError(FEEDBACK_FAILED);
        setDone(outcome.kind === 'queued' ? queuedText() : successText(outcome.verdict.body));
        setReceipt(outcome.kind === 'queued' ? 'waiting' : 'sent');
      } catch {
        setError(FEEDBACK_FAILED);
      }
    });
  }

  return (
    <TitledPage
      title={t('account.feedback.title')}
      backLabel={t('account.header.goBack')}
      backTo="history"
    >
      <form noValidate onSubmit={(event) => void send(event)}>
        <TextField
          label={t('account.feedback.phone')}
          type="tel"
          autoComplete="tel"
          value={phoneNumber}
          maxLength={FEEDBACK_LIMITS.phoneNumber}
          onChange={(value) => {
            setPhoneNumber(value);
            fieldErrors.clear('phoneNumber');
          }}
          error={fieldErrors.errors.phoneNumber}
        />
        <TextAreaField
          rows={5}
          label={t('account.feedback.content')}
          value={content}
          maxLength={FEEDBACK_LIMITS.content}
          onChange={(value) => {
            setContent(value);
            fieldErrors.clear('content');
          }}
          error={fieldErrors.errors.content}
        />
        <ErrorMessage text={error} />
        <ReceiptMessage state={receipt} text={done === null ? null : say(done)} />
        <FormActions>
          <Button type="submit" disabled={busy || done !== null}>
            {t('account.feedback.submit')}
          </Button>
          <Button variant="secondary" onClick={() => router.history.back()}>
            {t('account.feedback.cancel')}
          </Button>
        </FormActions>
      </form>
    </TitledPage>
  );
}
