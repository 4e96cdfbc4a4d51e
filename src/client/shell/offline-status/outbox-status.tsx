// The part of the status bar that reads the device's outbox (Dexie): the pending-changes
// count, and the outbox's summary for the parts after it (the sign-in pause, the update
// prompt), which offline-status.tsx draws. Loaded once the offline layer has started, so the
// landing's script carries no Dexie (issue 21). Those parts stay in offline-status.tsx: a lazy
// module importing the router's Link moved it out of the entry, and Rolldown then split React
// into a chunk of its own, preloaded by every page (tests/e2e/build-shape.spec.ts).
import type { ReactNode } from 'react';
import { useOutboxSummary, type OutboxSummary } from '../../offline/hooks.ts';
import { PendingChanges } from './pending-changes.tsx';

export function OutboxStatus({ after }: { after: (summary: OutboxSummary) => ReactNode }) {
  const summary = useOutboxSummary();
  return (
    <>
      <PendingChanges />
      {after(summary)}
    </>
  );
}
