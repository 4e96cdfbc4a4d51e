// Admin item writes (product-spec.md section 7 "Cargo"):
// - POST /api/cargo/items: multipart, part 'data' (item JSON) and optional part 'image'; a
//   plain JSON (or encrypted) body is the item without a picture.
// - PUT /api/cargo/items/{id}: JSON {name, description, category, quantity, sizeQuantities?,
//   maxPerOrder?} (see cargoItemUpdate for how quantity and sizes combine). PUT …/{id}?image:
//   multipart 'image' replaces the picture (a 'data' part may update the fields in the same
//   call).
// The image is checked and re-encoded before the transaction (sharp is slow and must not hold
// the write lock); item, sizes and image rows are then written in one idempotent transaction.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CARGO_ITEMS_PATH,
  type CargoItem,
  type CargoItemWriteReply,
} from '#shared/contracts/cargo';
import { AppError, badRequest } from '../errors.ts';
import { pathId } from '../http/ids.ts';
import { checkClaimedIdentity } from '../plugins/access.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { writeOf } from '../http/writes.ts';
import { processImage } from './image-processing.ts';
import { parseItemCreate, parseItemPatch } from './item-input.ts';
import { readItemUpload, type ItemUpload } from './item-upload.ts';
import { createItem, updateItem } from './item-writes.service.ts';

function writeReply(message: string, item: CargoItem): CargoItemWriteReply {
  return { status: 'success', message, id: item.id, item };
}

/**
 * The item data and image of a write, multipart or not. A multipart body is parsed here, in the
 * handler, so its identity claims are checked here too, and what the idempotency hash sees is
 * its content (data + the image's SHA-256), not the boundary-dependent raw bytes.
 */
async function readWriteBody(request: FastifyRequest): Promise<ItemUpload> {
  if (!request.isMultipart()) return { data: request.body ?? undefined, image: undefined };
  const upload = await readItemUpload(request);
  // Claims inside the item JSON (adminUsername, userId) are checked as a JSON body's would be.
  request.body = upload.data;
  checkClaimedIdentity(request);
  const imageHash =
    upload.image === undefined ? null : createHash('sha256').update(upload.image).digest('hex');
  request.body = { data: upload.data ?? null, image: imageHash };
  return upload;
}

function asksForImage(query: unknown): boolean {
  return query !== null && typeof query === 'object' && Object.hasOwn(query, 'image');
}

export function registerItemWriteRoutes(app: FastifyInstance): void {
  const db = app.ctx.opened.db;
  const admin = { config: { access: ['ADMIN'] as const } };

  app.post(CARGO_ITEMS_PATH, admin, async (request, reply) => {
    const upload = await readWriteBody(request);
    if (upload.data === undefined) throw badRequest("Send the item as JSON in the part 'data'.");
    const input = parseItemCreate(upload.data);
    const image = upload.image === undefined ? null : await processImage(upload.image);
    return runIdempotent(request, reply, db, async (trx) => {
      const item = await createItem(writeOf(request, trx), input, image);
      return { statusCode: 201, body: writeReply('Item added.', item) };
    });
  });

  app.put(`${CARGO_ITEMS_PATH}/:id`, admin, async (request, reply) => {
    const id = pathId(request.params, 'id');
    if (asksForImage(request.query) && !request.isMultipart()) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        "Send the new picture as multipart/form-data in the part 'image'.",
      );
    }
    const upload = await readWriteBody(request);
    if (asksForImage(request.query) && upload.image === undefined) {
      throw badRequest("Send the new picture in the part 'image'.");
    }
    if (upload.data === undefined && upload.image === undefined) {
      throw badRequest('Nothing to update: send the item fields or a picture.');
    }
    const patch = upload.data === undefined ? {} : parseItemPatch(upload.data);
    const image = upload.image === undefined ? null : await processImage(upload.image);
    return runIdempotent(request, reply, db, async (trx) => {
      const item = await updateItem(writeOf(request, trx), id, patch, image);
      return { statusCode: 200, body: writeReply('Item updated.', item) };
    });
  });
}
