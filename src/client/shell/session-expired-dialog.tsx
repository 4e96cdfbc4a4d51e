import { useSyncExternalStore } from 'react';
import {
  closeSessionExpired,
  isSessionExpiredOpen,
  subscribeSessionExpired,
} from '../api/api-client.ts';
import { useT } from '../i18n/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';

/** Spec section 2 "Startup": 'Session Expired', with Refresh Page (reload) and Cancel (close). */
export function SessionExpiredDialog() {
  const t = useT();
  const open = useSyncExternalStore(subscribeSessionExpired, isSessionExpiredOpen);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) closeSessionExpired();
      }}
      title={t('common.sessionExpired.title')}
      description={t('common.sessionExpired.description')}
      actions={
        <>
          <Button variant="secondary" onClick={closeSessionExpired}>
            {t('common.action.cancel')}
          </Button>
          <Button onClick={() => window.location.reload()}>
            {t('common.sessionExpired.refreshPage')}
          </Button>
        </>
      }
    />
  );
}
