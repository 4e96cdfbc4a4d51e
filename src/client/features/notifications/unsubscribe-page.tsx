// '/unsubscribe?token=…' (issue 19): the page a mail's "turn off these emails" link opens.
// Public (the person may be signed out, on another device). It explains and waits for the
// button: mail scanners and link previews open links, and must not turn anyone's mail off.
// The token is posted as is; the server checks its signature and says what it did.
import { useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { ApiError } from '../../api/api-client.ts';
import { AppHeader } from '../../ui/app-header.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorMessage, SuccessMessage } from '../../ui/form-message.tsx';
import { Card, FormActions, PageLayout } from '../../ui/page-layout.tsx';
import { useFormSend } from '../../ui/form-state.ts';
import { postUnsubscribe } from './notifications-api.ts';
import { UNSUBSCRIBE_TEXTS } from './notification-texts.ts';
import styles from './notifications.module.css';

/** The link's token, read once from the address (see reset-password-page.tsx for why not useLocation). */
function useLinkToken(): string {
  const router = useRouter();
  const [token] = useState(() => new URLSearchParams(router.state.location.searchStr).get('token'));
  return token?.trim() ?? '';
}

/** The server's word (an expired or forged link says so), else the generic line. */
function failureText(caught: unknown): string {
  if (caught instanceof ApiError && caught.fromServer)
    return `${UNSUBSCRIBE_TEXTS.failed}: ${caught.message}`;
  return `${UNSUBSCRIBE_TEXTS.failed}.`;
}

export function UnsubscribePage() {
  const navigate = useNavigate();
  const token = useLinkToken();
  const { busy, error, send } = useFormSend();
  const [done, setDone] = useState<string | null>(null);

  function turnOff() {
    void send(async () => {
      await postUnsubscribe(token);
      setDone(UNSUBSCRIBE_TEXTS.done);
    }, failureText);
  }

  return (
    <PageLayout header={<AppHeader />} narrow>
      <Card title={UNSUBSCRIBE_TEXTS.title}>
        <p className={styles.intro}>{UNSUBSCRIBE_TEXTS.explain}</p>
        {token === '' ? (
          <ErrorMessage text={UNSUBSCRIBE_TEXTS.missingToken} />
        ) : (
          <>
            <ErrorMessage text={error} />
            <SuccessMessage text={done} />
          </>
        )}
        <FormActions>
          {done === null && token !== '' && (
            <Button onClick={turnOff} disabled={busy}>
              {busy ? UNSUBSCRIBE_TEXTS.sending : UNSUBSCRIBE_TEXTS.button}
            </Button>
          )}
          <Button variant="secondary" onClick={() => void navigate({ to: '/profile' })}>
            {UNSUBSCRIBE_TEXTS.profile}
          </Button>
        </FormActions>
      </Card>
    </PageLayout>
  );
}
