// Registers the service worker (sw/sw.ts, built by vite-plugin-pwa with workbox-window).
// Imported only by main.tsx: 'virtual:pwa-register' exists only in Vite builds, so modules
// that tests load must not import this one.
import { registerSW } from 'virtual:pwa-register';
import { setUpdateApplier, setUpdateWaiting } from './service-worker.ts';

const UPDATE_CHECK_MS = 60 * 60_000;

function reloadPage(): void {
  window.location.reload();
}

/**
 * "Reload": the waiting worker takes over, then the page reloads with the new version.
 * The reload is ours: workbox-window reloads only a tab that a worker already controlled when
 * it loaded, so the tab in which the first version was installed would stay on the old code.
 * When no worker waits any more (another tab let it take over), the page just reloads.
 */
async function applyUpdate(update: (reload?: boolean) => Promise<void>): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const waiting = registration?.waiting ?? null;
  if (waiting === null) return reloadPage();
  navigator.serviceWorker.addEventListener('controllerchange', reloadPage, { once: true });
  await update(true);
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => setUpdateWaiting(true),
    onNeedReload: () => undefined, // applyUpdate reloads (one reload, in every tab)
    onRegisteredSW: (_url, registration) => {
      if (registration === undefined) return;
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  setUpdateApplier(() => applyUpdate(update));
}
