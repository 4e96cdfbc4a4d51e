// The one call main.tsx makes for the offline layer: the engine (outbox, replayer, mirror,
// device copy of the user) and the service worker.
import { startOfflineEngine } from './engine.ts';
import { registerServiceWorker } from './register-service-worker.ts';

export function startOffline(): void {
  startOfflineEngine();
  registerServiceWorker();
}
