// Admin item writes (product-spec.md section 7 "Cargo"):
// - POST /api/cargo/items: multipart, part 'data' (item JSON) and optional part 'image'; a
//   plain JSON (or encrypted) body is the item without a picture.
// - PUT /api/cargo/items/{id}: JSON {name, description, category, quantity, sizeQuantities?,
//   maxPerOrder?} (see cargoItemUpdate for how quantity and sizes combine). PUT …/{id}?image:
//   multipart 'image' replaces the picture (a 'data' part may update the fields in the same
//   call).
// Every form of the body is validated by one schema: the routes' preValidation hooks turn a
// multipart body into its item JSON (item-body.ts); the document shows both forms.
// The image is checked and re-encoded before the transaction (sharp is slow and must not hold
// the write lock); item, sizes and image rows are then written in one idempotent transaction.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CARGO_ITEMS_PATH,
  CARGO_PATHS,
  cargoItemCreate,
  cargoItemCreateForm,
  cargoItemUpdate,
  cargoItemUpdateForm,
  cargoItemUpdateQuery,
  cargoItemWriteReply,
  type CargoItem,
  type CargoItemWriteReply,
} from '#shared/contracts/cargo';
import { idParams } from '#shared/contracts/ids';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { signedInWriteOf } from '../http/writes.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { processImage } from './image-processing.ts';
import { readItemCreateBody, readItemUpdateBody, uploadedImageOf } from './item-body.ts';
import { itemCreateInput, itemPatchOf } from './item-input.ts';
import { createItem, updateItem } from './item-writes.service.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import { translate } from '../i18n/translator.ts';

function writeReply(message: string, item: CargoItem): CargoItemWriteReply {
  return { status: 'success', message, id: item.id, item };
}

export function registerItemWriteRoutes(untyped: FastifyInstance): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.opened.db;
  const config = { access: ['ADMIN'] as const, idempotent: true };

  const createSchema = {
    body: cargoItemCreate,
    multipartBody: cargoItemCreateForm,
    response: documentedReplies({ 201: cargoItemWriteReply }),
  };
  app.post(
    CARGO_ITEMS_PATH,
    { config, preValidation: readItemCreateBody, schema: createSchema },
    async (request, reply) => {
      const input = itemCreateInput(request.body);
      const upload = uploadedImageOf(request);
      const image = upload === undefined ? null : await processImage(upload);
      return runIdempotent(request, reply, db, async (trx) => {
        const item = await createItem(signedInWriteOf(request, trx), input, image);
        return {
          statusCode: 201,
          body: writeReply(translate(requestLanguage(request), 'server.cargo.itemAdded'), item),
        };
      });
    },
  );

  const updateSchema = {
    params: idParams('id'),
    querystring: cargoItemUpdateQuery,
    body: cargoItemUpdate,
    multipartBody: cargoItemUpdateForm,
    response: documentedReplies({ 200: cargoItemWriteReply }),
  };
  app.put(
    CARGO_PATHS.item,
    { config, preValidation: readItemUpdateBody, schema: updateSchema },
    async (request, reply) => {
      const { id } = request.params;
      const patch = itemPatchOf(request.body);
      const upload = uploadedImageOf(request);
      const image = upload === undefined ? null : await processImage(upload);
      return runIdempotent(request, reply, db, async (trx) => {
        const item = await updateItem(signedInWriteOf(request, trx), id, patch, image);
        return {
          statusCode: 200,
          body: writeReply(translate(requestLanguage(request), 'server.cargo.itemUpdated'), item),
        };
      });
    },
  );
}
