// Background Sync (DESIGN.md offline rule 4): where the browser has it, the page registers
// a 'outbox-replay' sync when it queues an action offline, and the browser fires it here
// once the network is back. The outbox and its secure session live in the page, so the
// worker wakes the open pages' replayers; with no page open, the next start sends.
// The tag and message type match OUTBOX_SYNC_TAG in src/client/offline/service-worker.ts.
export const OUTBOX_SYNC_TAG = 'outbox-replay';

/** The Background Sync event (not in TypeScript's WebWorker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function wakePages(scope: ServiceWorkerGlobalScope): Promise<void> {
  const pages = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: OUTBOX_SYNC_TAG });
}

export function registerOutboxSync(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(wakePages(scope));
  });
}
