// Registers the service worker (sw/sw.ts, built by vite-plugin-pwa with workbox-window).
// Imported only by start.ts: 'virtual:pwa-register' exists only in Vite builds, so modules
// that tests load must not import this one.
import { registerSW } from 'virtual:pwa-register';
import { setUpdateApplier, setUpdateWaiting } from './service-worker.ts';

const UPDATE_CHECK_MS = 60 * 60_000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => setUpdateWaiting(true),
    onRegisteredSW: (_url, registration) => {
      if (registration === undefined) return;
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  setUpdateApplier(() => update(true));
}
