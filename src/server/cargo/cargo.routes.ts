// The cargo area: the public catalogue and images, and the admin item writes. Multipart is
// registered here, inside this plugin, so only these routes accept it, with the upload limits.
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { registerCatalogueRoutes } from './catalogue.routes.ts';
import { registerImageRoutes } from './images.routes.ts';
import { registerItemWriteRoutes } from './item-writes.routes.ts';
import { UPLOAD_LIMITS } from './item-upload.ts';

export async function cargoRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  registerCatalogueRoutes(app);
  registerImageRoutes(app);
  registerItemWriteRoutes(app);
}
