// Everything the offline layer shows on every screen (DESIGN.md offline rule 7): the offline
// badge, the pending-changes count (opens the outbox), the sign-in pause and the update
// prompt. The shell mounts it once, under the router (it links to /login). It renders nothing
// when all is well. On a first visit's landing the offline layer waits to be needed
// (offline/offline-layer.ts): the outbox's parts (and Dexie) load once it starts; until then
// nothing is waiting or being sent.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isOfflineLayerDeferred, subscribeOfflineLayer } from '../../offline/offline-layer.ts';
import { OfflineBadge } from './offline-badge.tsx';
import { SignInBanner } from './sign-in-banner.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import styles from './offline-status.module.css';

const OutboxStatus = lazy(() =>
  import('./outbox-status.tsx').then((m) => ({ default: m.OutboxStatus })),
);

/** The parts after the pending count, drawn from the outbox's summary. */
function SummaryParts({
  waitingForSignIn,
  sending,
}: {
  waitingForSignIn: number;
  sending: boolean;
}) {
  return (
    <>
      <SignInBanner waitingForSignIn={waitingForSignIn} />
      <UpdatePrompt sending={sending} />
    </>
  );
}

export function OfflineStatus() {
  const deferred = useSyncExternalStore(subscribeOfflineLayer, isOfflineLayerDeferred);
  const idle = <SummaryParts waitingForSignIn={0} sending={false} />;
  return (
    <div className={styles.bar} aria-label="Connection and sync status" role="region">
      <OfflineBadge />
      {deferred ? (
        idle
      ) : (
        <Suspense fallback={idle}>
          <OutboxStatus after={(summary) => <SummaryParts {...summary} />} />
        </Suspense>
      )}
    </div>
  );
}
