import { useSyncExternalStore } from 'react';
import {
  closeSessionExpired,
  isSessionExpiredOpen,
  subscribeSessionExpired,
} from '../api/api-client.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';

/** Spec section 2 "Startup": 'Session Expired', with Refresh Page (reload) and Cancel (close). */
export function SessionExpiredDialog() {
  const open = useSyncExternalStore(subscribeSessionExpired, isSessionExpiredOpen);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) closeSessionExpired();
      }}
      title="Session Expired"
      description="Your secure session has expired or is invalid. This can happen when the page has been open for too long. Refresh the page to start a new secure session."
      actions={
        <>
          <Button variant="secondary" onClick={closeSessionExpired}>
            Cancel
          </Button>
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
        </>
      }
    />
  );
}
