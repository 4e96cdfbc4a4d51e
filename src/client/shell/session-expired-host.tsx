// Mounts the 'Session Expired' dialog only once it is needed, so the dialog library stays out
// of the first page load.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isSessionExpiredOpen, subscribeSessionExpired } from '../api/api-client.ts';

const SessionExpiredDialog = lazy(() =>
  import('./session-expired-dialog.tsx').then((m) => ({ default: m.SessionExpiredDialog })),
);

export function SessionExpiredHost() {
  const open = useSyncExternalStore(subscribeSessionExpired, isSessionExpiredOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredDialog />
    </Suspense>
  );
}
