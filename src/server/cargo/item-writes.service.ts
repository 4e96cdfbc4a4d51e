// Admin item writes, each inside the caller's transaction (item row, sizes and image rows
// together or not at all). Invariant kept here: an item with sizes has quantity = the sum of
// its sizes; an item without sizes has its quantity set directly. Each write records its
// audit entry in the same transaction.
import type { Transaction } from 'kysely';
import type { CargoItem } from '#shared/contracts/cargo';
import type { Database } from '../db/schema.ts';
import type { SignedInWrite } from '../db/write-context.ts';
import { changedFields, recordAdminAction } from '../audit/audit.service.ts';
import { conflict, notFound } from '../errors.ts';
import {
  findItem,
  insertItem,
  isUniqueViolation,
  itemIdByName,
  replaceSizes,
  updateItemRow,
  type ItemFields,
} from './cargo.repository.ts';
import type { StoredImage } from './cargo.types.ts';
import { deleteImage, insertImage } from './images.repository.ts';
import { sumOfSizes, type ItemCreateInput, type ItemPatch } from './item-input.ts';
import { notifyItemsOutOfStock } from '../notifications/notifications.service.ts';
import { message } from '#shared/i18n/messages';

type Trx = Transaction<Database>;

const nameTaken = (name: string) => conflict(message('server.cargo.nameTaken', { name }));

async function checkNameFree(trx: Trx, name: string, ownId?: number): Promise<void> {
  const holder = await itemIdByName(trx, name);
  if (holder !== undefined && holder !== ownId) throw nameTaken(name);
}

/** Runs a write that may hit the unique name index (a concurrent write took the name). */
async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

async function itemOrThrow(trx: Trx, id: number): Promise<CargoItem> {
  const item = await findItem(trx, id);
  if (item === undefined) throw notFound(message('server.cargo.noItem', { id: String(id) }));
  return item;
}

export async function createItem(
  w: SignedInWrite,
  input: ItemCreateInput,
  image: StoredImage | null,
): Promise<CargoItem> {
  const { trx, now } = w;
  await checkNameFree(trx, input.name);
  if (image !== null) await insertImage(trx, image, now);
  const fields: ItemFields = { ...input, imageId: image?.id ?? null };
  const id = await guardName(input.name, () => insertItem(trx, fields, now));
  await replaceSizes(trx, id, input.sizes);
  const item = await itemOrThrow(trx, id);
  const details = { name: item.name, quantity: item.quantity, maxPerOrder: item.maxPerOrder };
  await recordAdminAction(w, 'cargo.create', { type: 'cargo_item', id }, details);
  return item;
}

/** The new total and sizes of an update (see cargoItemUpdate for the rules). */
function nextStock(item: CargoItem, patch: ItemPatch): number {
  if (patch.sizes !== undefined && patch.sizes.size > 0) return sumOfSizes(patch.sizes);
  const hadSizes = Object.keys(item.sizeQuantities).length > 0;
  if (patch.sizes === undefined && hadSizes) {
    if (patch.quantity !== undefined && patch.quantity !== item.quantity) {
      throw conflict(message('server.cargo.sizedTotal', { name: item.name }));
    }
    return item.quantity;
  }
  return patch.quantity ?? item.quantity;
}

/** The names of the fields that changed, with the from/to of the stock and order limit. */
function updateDetails(before: CargoItem, after: CargoItem): Record<string, unknown> {
  const fields = changedFields(before, after);
  const fromTo = (name: 'quantity' | 'maxPerOrder') =>
    fields.includes(name) ? { [name]: { from: before[name], to: after[name] } } : {};
  return { fields, ...fromTo('quantity'), ...fromTo('maxPerOrder') };
}

export async function updateItem(
  w: SignedInWrite,
  id: number,
  patch: ItemPatch,
  image: StoredImage | null,
): Promise<CargoItem> {
  const { trx, now } = w;
  const item = await itemOrThrow(trx, id);
  const name = patch.name ?? item.name;
  if (name.toLowerCase() !== item.name.toLowerCase()) await checkNameFree(trx, name, id);
  const quantity = nextStock(item, patch);
  if (image !== null) await insertImage(trx, image, now);
  const fields: ItemFields = {
    name,
    description: patch.description === undefined ? item.description : patch.description,
    category: patch.category === undefined ? item.category : patch.category,
    quantity,
    imageId: image?.id ?? item.imageId,
    maxPerOrder: patch.maxPerOrder ?? item.maxPerOrder,
  };
  await guardName(name, () => updateItemRow(trx, id, fields, now));
  if (patch.sizes !== undefined) await replaceSizes(trx, id, patch.sizes);
  // The old picture goes with the same transaction: nothing points at it any more.
  if (image !== null && item.imageId !== null) await deleteImage(trx, item.imageId);
  const updated = await itemOrThrow(trx, id);
  const details = updateDetails(item, updated);
  await recordAdminAction(w, 'cargo.update', { type: 'cargo_item', id }, details);
  if (item.quantity > 0 && updated.quantity <= 0) await notifyItemsOutOfStock(w, [id]);
  return updated;
}
