// The service worker (DESIGN.md offline rule 5). What it keeps, in Cache Storage:
// - the precache: the hashed app shell, index.html, icons and manifest (workbox-precaching,
//   one cache per build; outdated ones are deleted on activate);
// - 'cargo-images': catalogue images, CacheFirst with expiry and a size cap (image-cache.ts).
// Nothing else is cached: API replies (often encrypted, often personal) always go to the
// network. A new version waits until the page asks it to take over (update-prompt.tsx).
// Web Push (notifications and their taps): push.ts.
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerImageCache } from './image-cache.ts';
import { registerOutboxSync } from './outbox-sync.ts';
import { registerPush } from './push.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes (/feedback, /orderhistory …) are all index.html; /api never is.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }),
);

registerImageCache();
registerOutboxSync(self);
registerPush(self);

// The page's "Reload" (workbox-window messageSkipWaiting) is the only way a waiting
// version takes over: updates are offered, never forced.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// A first install has no old version to wait for: control the open page at once, so its
// images are cached from the first visit.
clientsClaim();
