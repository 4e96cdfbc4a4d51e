// '/unsubscribe?token=…' (issue 19): the page a mail's "turn off these emails" link opens.
// Public (the person may be signed out, on another device). It explains and waits for the
// button: mail scanners and link previews open links, and must not turn anyone's mail off.
// The token is posted as is; the server checks its signature and says what it did.
import { useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { ApiError } from '../../api/api-client.ts';
import { message } from '#shared/i18n/messages';
import { useT, type Saying } from '../../i18n/i18n.ts';
import { AppHeader } from '../../ui/app-header.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorMessage, SuccessMessage } from '../../ui/form-message.tsx';
import { Card, FormActions, PageLayout } from '../../ui/page-layout.tsx';
import { useFormSend } from '../../ui/form-state.ts';
import { postUnsubscribe } from './notifications-api.ts';
import styles from './notifications.module.css';

/** The link's token, read once from the address (see reset-password-page.tsx for why not useLocation). */
function useLinkToken(): string {
  const router = useRouter();
  const [token] = useState(() => new URLSearchParams(router.state.location.searchStr).get('token'));
  return token?.trim() ?? '';
}

/** The server's word (an expired or forged link says so), else the generic line. */
function failureText(caught: unknown): Saying {
  if (caught instanceof ApiError && caught.fromServer)
    return message('account.unsubscribe.failedBecause', { reason: caught.message });
  return message('account.unsubscribe.failed');
}

export function UnsubscribePage() {
  const navigate = useNavigate();
  const t = useT();
  const token = useLinkToken();
  const { busy, error, send } = useFormSend();
  const [done, setDone] = useState<Saying | null>(null);

  function turnOff() {
    void send(async () => {
      await postUnsubscribe(token);
      setDone(message('account.unsubscribe.done'));
    }, failureText);
  }

  return (
    <PageLayout header={<AppHeader />} narrow>
      <Card title={t('account.unsubscribe.title')}>
        <p className={styles.intro}>{t('account.unsubscribe.explain')}</p>
        {token === '' ? (
          <ErrorMessage text={message('account.unsubscribe.missingToken')} />
        ) : (
          <>
            <ErrorMessage text={error} />
            <SuccessMessage text={done} />
          </>
        )}
        <FormActions>
          {done === null && token !== '' && (
            <Button onClick={turnOff} disabled={busy}>
              {t(busy ? 'account.unsubscribe.sending' : 'account.unsubscribe.button')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => void navigate({ to: '/profile' })}>
            {t('account.unsubscribe.profile')}
          </Button>
        </FormActions>
      </Card>
    </PageLayout>
  );
}
