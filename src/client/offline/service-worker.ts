// What the page knows of its service worker: whether a new version is waiting (for the
// update prompt) and Background Sync. Keeps, in module memory: the waiting flag, the
// function that lets the new version take over, and subscribers. register-service-worker.ts
// fills them in. Updates are offered, never forced (DESIGN.md offline rule 5);
// update-prompt.tsx also waits while the outbox is sending.

/**
 * The tag of the Background Sync registration and the worker's message to pages (sw/outbox-sync.ts
 * has the same). Here, not in the replayer: this module is in the entry, the replayer is not.
 */
export const OUTBOX_SYNC_TAG = 'outbox-replay';

let updateWaiting = false;
let applyUpdate: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function setUpdateWaiting(next: boolean): void {
  updateWaiting = next;
  for (const listener of listeners) listener();
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function subscribeUpdateWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Set by the registration: how to let a waiting version take over. */
export function setUpdateApplier(apply: () => Promise<void>): void {
  applyUpdate = apply;
}

/** "Reload": the waiting worker takes over and the page reloads with the new version. */
export async function reloadToUpdate(): Promise<void> {
  setUpdateWaiting(false);
  await applyUpdate?.();
}

/** Background Sync (Chromium only; not in TypeScript's DOM lib). */
type WithSync = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the browser to wake the worker when the network returns (Background Sync, where it
 * exists); the worker then wakes this page's replayer. Harmless where it does not.
 */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    // getRegistration, not ready: ready never settles where no worker is registered (dev).
    const registration: WithSync | undefined = await navigator.serviceWorker.getRegistration();
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not supported or not allowed: the online event and the timer still replay.
  }
}
