// The offline layer's lazy half, loaded by offline-layer.ts (never imported statically from
// the entry: it brings Dexie): the engine (outbox, replayer, mirror, device copy of the user)
// and the worker's push messages; and the shell's check for local content to open offline.
import { getAppDb } from './app-db.ts';
import { startOfflineEngine } from './engine.ts';
import { listenForPushes } from './push-refresh.ts';
import { restoreUserOffline } from './session-sync.ts';

export function startOffline(): void {
  startOfflineEngine();
  listenForPushes();
}

/** Whether the app can open offline; restores the device's user into the tab when it can. */
export function hasOfflineContent(): Promise<boolean> {
  return restoreUserOffline(getAppDb());
}
