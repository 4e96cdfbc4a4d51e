// The body of an admin item write, whatever form it came in, as the one object the route's zod
// schema validates (cargoItemCreate / cargoItemUpdate): a JSON body (plain, or decrypted by
// the secure channel) is that object already; a multipart body (wire-protocol.md: part 'data'
// holds the item JSON, optional part 'image' the picture) becomes its part 'data', and the
// picture waits for the handler (uploadedImageOf).
// These are the routes' own preValidation hooks: they run after access control (a caller
// without access never has an upload read) and before validation. So the refusals that are
// not about the item's fields (a malformed id, no 'data', nothing to update, a picture wanted
// but not sent, every multipart error) keep their own messages and come first, as they did
// when the handlers read the body.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { pathId } from '../http/ids.ts';
import { checkClaimedIdentity } from '../plugins/access.ts';
import { refuseNul } from '../plugins/text-guard.ts';
import { recordReceivedBody } from '../plugins/zod-schemas.ts';
import { readItemUpload } from './item-upload.ts';

const uploadedImages = new WeakMap<FastifyRequest, Buffer>();

/** The picture a multipart item write carried (undefined when it had none). */
export function uploadedImageOf(request: FastifyRequest): Buffer | undefined {
  return uploadedImages.get(request);
}

/**
 * The item data of the request (undefined when there is none: no body, a null one, or no part
 * 'data'), a multipart body turned into it. For multipart the identity claims inside the
 * item JSON are checked here (access control saw no body), and the idempotency hash sees the
 * content (data + the image's SHA-256), not the boundary-dependent raw bytes.
 */
async function itemDataOf(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body ?? undefined;
  const upload = await readItemUpload(request);
  // The part 'data' holding JSON null is data that is not an object (a null JSON body is none).
  if (upload.data === null) throw badRequest(message('server.cargo.dataNotObject'));
  refuseNul(upload.data);
  request.body = upload.data;
  checkClaimedIdentity(request);
  const image = upload.image;
  if (image !== undefined) uploadedImages.set(request, image);
  const imageHash = image === undefined ? null : createHash('sha256').update(image).digest('hex');
  recordReceivedBody(request, { data: upload.data ?? null, image: imageHash });
  return upload.data;
}

/** POST /api/cargo/items: the item is required (its fields are the schema's to judge). */
export async function readItemCreateBody(request: FastifyRequest): Promise<void> {
  const data = await itemDataOf(request);
  if (data === undefined) throw badRequest(message('server.cargo.dataMissing'));
}

function asksForImage(query: unknown): boolean {
  return query !== null && typeof query === 'object' && Object.hasOwn(query, 'image');
}

/** PUT /api/cargo/items/{id}[?image]: new fields, a new picture, or both. */
export async function readItemUpdateBody(request: FastifyRequest): Promise<void> {
  // The id first, as before schemas (the params schema judges it again, alike): a malformed
  // id is its 400 before any upload is read.
  pathId(request.params, 'id');
  const wantsImage = asksForImage(request.query);
  if (wantsImage && !request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message('server.cargo.imageMultipartNeeded'));
  }
  const data = await itemDataOf(request);
  const image = uploadedImageOf(request);
  if (wantsImage && image === undefined) throw badRequest(message('server.cargo.imageMissing'));
  if (data === undefined && image === undefined) {
    throw badRequest(message('server.cargo.nothingToUpdate'));
  }
}
