// Everything the offline layer shows on every screen (DESIGN.md offline rule 7): the offline
// badge, the pending-changes count (opens the outbox), the sign-in pause and the update
// prompt. The routed app mounts it once, under the router (it links to /login). It renders
// nothing when all is well. While the offline layer waits for a first visit's landing to need
// it (offline/offline-layer.ts) nothing is queued or sent: the outbox's parts (and Dexie) load
// once it starts.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isOfflineLayerDeferred, subscribeOfflineLayer } from '../../offline/offline-layer.ts';
import { SignInBanner } from './sign-in-banner.tsx';
import { IdleStatus, StatusBar } from './status-bar.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

// A module that cannot load (offline, no service worker yet) leaves the bar idle rather
// than failing the screen under it.
const OutboxStatus = lazy(() =>
  import('./outbox-status.tsx').then(
    (m) => ({ default: m.OutboxStatus }),
    () => ({ default: () => <UpdatePrompt sending={false} /> }),
  ),
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
  if (deferred) return <IdleStatus />;
  return (
    <Suspense fallback={<IdleStatus />}>
      <StatusBar>
        <OutboxStatus after={(summary) => <SummaryParts {...summary} />} />
      </StatusBar>
    </Suspense>
  );
}
