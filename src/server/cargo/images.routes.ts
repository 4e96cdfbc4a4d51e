// GET /api/cargo/images/{imageId} (and its thumbnail, ?thumb=1 or /thumb): the stored bytes.
// Image rows never change and ids are never reused, so replies are cacheable for a year and
// immutable; the ETag lets a client holding a copy get a 304.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CARGO_PATHS, cargoImageParams, cargoImageQuery } from '#shared/contracts/cargo';
import { notFound } from '../errors.ts';
import type { ImageVariant } from './cargo.types.ts';
import { findImageBytes, imageExists } from './images.repository.ts';
import { message } from '#shared/i18n/messages';

const IMAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const unknownImage = () => notFound(message('server.cargo.noImage'));

function etagOf(imageId: string, variant: ImageVariant): string {
  return variant === 'thumb' ? `"${imageId}-thumb"` : `"${imageId}"`;
}

/** If-None-Match holds this ETag (weak or strong) or '*'. */
function clientHas(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function wantsThumb(query: unknown): boolean {
  const thumb = (query as Record<string, unknown> | null)?.thumb;
  return thumb !== undefined && thumb !== '0' && thumb !== 'false';
}

async function sendImage(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { imageId: string } }>,
  reply: FastifyReply,
  variant: ImageVariant,
) {
  const { imageId } = request.params;
  if (!IMAGE_ID.test(imageId)) throw unknownImage();
  const db = app.ctx.opened.db;
  const etag = etagOf(imageId, variant);
  // The caching headers go on found images only: a 404 must not be cached for a year.
  if (clientHas(request, etag)) {
    if (!(await imageExists(db, imageId))) throw unknownImage();
    return reply.code(304).header('etag', etag).header('cache-control', CACHE_CONTROL).send();
  }
  const found = await findImageBytes(db, imageId, variant);
  if (found === undefined) throw unknownImage();
  return reply
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL)
    .type(found.contentType)
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(found.bytes.buffer, found.bytes.byteOffset, found.bytes.byteLength));
}

export function registerImageRoutes(app: FastifyInstance): void {
  const options = { config: { access: 'public' as const }, schema: { params: cargoImageParams } };
  const withThumbQuery = {
    ...options,
    schema: { ...options.schema, querystring: cargoImageQuery },
  };
  app.get<{ Params: { imageId: string } }>(
    CARGO_PATHS.image,
    withThumbQuery,
    async (request, reply) =>
      sendImage(app, request, reply, wantsThumb(request.query) ? 'thumb' : 'full'),
  );
  app.get<{ Params: { imageId: string } }>(
    CARGO_PATHS.imageThumb,
    options,
    async (request, reply) => sendImage(app, request, reply, 'thumb'),
  );
}
