// GET /api/cargo/items: the public catalogue. The serialized reply comes from the
// version-checked cache (catalogue-cache.ts), so a read is one tiny query plus a write of
// ready bytes. Admin callers add their headers; the access plugin checks those claims.
import type { FastifyInstance } from 'fastify';
import { CARGO_ITEMS_PATH } from '#shared/contracts/cargo';
import { createCatalogueCache } from './catalogue-cache.ts';

export function registerCatalogueRoutes(app: FastifyInstance): void {
  const cache = createCatalogueCache(app.ctx.opened);
  // The version reader may hold a read-only SQLite connection of its own.
  app.addHook('onClose', async () => cache.close());
  app.get(CARGO_ITEMS_PATH, { config: { access: 'public' } }, async (_request, reply) => {
    const body = await cache.currentReply();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
