// The one call main.tsx makes for the offline layer: the engine (outbox, replayer, mirror,
// device copy of the user), the service worker, and its pushes' list refreshes.
import { startOfflineEngine } from './engine.ts';
import { listenForPushes } from './push-refresh.ts';
import { registerServiceWorker } from './register-service-worker.ts';

export function startOffline(): void {
  startOfflineEngine();
  registerServiceWorker();
  listenForPushes();
}
