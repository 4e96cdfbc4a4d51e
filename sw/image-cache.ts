// Catalogue images (GET /api/cargo/images/<id>): CacheFirst, so a volunteer offline on the
// street still sees what an item looks like. Bounded in count and age, and a single reply
// above MAX_IMAGE_BYTES is never stored, so the cache stays small on a phone.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';

export const IMAGE_CACHE = 'cargo-images';
const MAX_IMAGES = 150;
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const MAX_IMAGE_BYTES = 1024 * 1024;

async function sizeOf(response: Response): Promise<number> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > 0) return declared;
  return (await response.clone().blob()).size;
}

const sizeCap: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    (await sizeOf(response)) <= MAX_IMAGE_BYTES ? response : null,
};

export function registerImageCache(): void {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      url.pathname.startsWith('/api/cargo/images/'),
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        sizeCap,
        new ExpirationPlugin({
          maxEntries: MAX_IMAGES,
          maxAgeSeconds: MAX_AGE_SECONDS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}
