// cargo_items and cargo_item_sizes: the catalogue's rows, and the version counter the
// triggers keep (see db/migrations/2026-11-22T0900-catalogue-version.ts).
import type { Transaction } from 'kysely';
import type { CargoItem } from '#shared/contracts/cargo';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';

type Reader = Db | Transaction<Database>;

interface ItemRow {
  id: number;
  name: string;
  description: string | null;
  category: string | null;
  quantity: number;
  image_id: string | null;
  max_per_order: number;
}
interface SizeRow {
  item_id: number;
  size_label: string;
  quantity: number;
}

function toItems(items: ItemRow[], sizes: SizeRow[]): CargoItem[] {
  const sizesOf = new Map<number, [string, number][]>();
  for (const size of sizes) {
    const list = sizesOf.get(size.item_id) ?? [];
    list.push([size.size_label, size.quantity]);
    sizesOf.set(size.item_id, list);
  }
  return items.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    quantity: row.quantity,
    imageId: row.image_id,
    // fromEntries defines own properties, so a label such as "__proto__" stays a plain key.
    sizeQuantities: Object.fromEntries(sizesOf.get(row.id) ?? []),
    maxPerOrder: row.max_per_order,
  }));
}

const ITEM_COLUMNS = [
  'id',
  'name',
  'description',
  'category',
  'quantity',
  'image_id',
  'max_per_order',
] as const;

/**
 * The whole catalogue, by name then id; sizes in the order the admin listed them. One statement (items joined to
 * their sizes), so the reply is one consistent snapshot even while orders change stock.
 */
export async function listCatalogue(db: Reader): Promise<CargoItem[]> {
  const rows = await db
    .selectFrom('cargo_items as i')
    .leftJoin('cargo_item_sizes as s', 's.item_id', 'i.id')
    .select([
      'i.id',
      'i.name',
      'i.description',
      'i.category',
      'i.quantity',
      'i.image_id',
      'i.max_per_order',
      's.size_label',
      's.quantity as size_quantity',
    ])
    .orderBy('i.id')
    .orderBy('s.position')
    .orderBy('s.size_label')
    .execute();
  const items = new Map<number, ItemRow>();
  const sizes: SizeRow[] = [];
  for (const row of rows) {
    if (!items.has(row.id)) items.set(row.id, row);
    if (row.size_label !== null && row.size_quantity !== null) {
      sizes.push({ item_id: row.id, size_label: row.size_label, quantity: row.size_quantity });
    }
  }
  // Sorted here rather than by the database, whose collation differs between dialects.
  const byName = [...items.values()].sort(
    (a, b) => compareText(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id,
  );
  return toItems(byName, sizes);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export async function findItem(db: Reader, id: number): Promise<CargoItem | undefined> {
  const row = await db
    .selectFrom('cargo_items')
    .select(ITEM_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const sizes = await db
    .selectFrom('cargo_item_sizes')
    .select(['item_id', 'size_label', 'quantity'])
    .where('item_id', '=', id)
    .orderBy('position')
    .orderBy('size_label')
    .execute();
  return toItems([row], sizes)[0];
}

/** The id of the item with this name (case-insensitive), if any. */
export async function itemIdByName(db: Reader, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('cargo_items')
    .select('id')
    .where('name_key', '=', name.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export interface ItemFields {
  name: string;
  description: string | null;
  category: string | null;
  quantity: number;
  imageId: string | null;
  maxPerOrder: number;
}

/** The columns an item's fields are written to, name_key (the unique lookup key) included. */
function itemColumns(fields: ItemFields, now: Date) {
  return {
    name: fields.name,
    name_key: fields.name.toLowerCase(),
    description: fields.description,
    category: fields.category,
    quantity: fields.quantity,
    image_id: fields.imageId,
    max_per_order: fields.maxPerOrder,
    updated_at: now.toISOString(),
  };
}

export async function insertItem(
  trx: Transaction<Database>,
  fields: ItemFields,
  now: Date,
): Promise<number> {
  const row = await trx
    .insertInto('cargo_items')
    .values({ ...itemColumns(fields, now), created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateItemRow(
  trx: Transaction<Database>,
  id: number,
  fields: ItemFields,
  now: Date,
): Promise<void> {
  await trx.updateTable('cargo_items').set(itemColumns(fields, now)).where('id', '=', id).execute();
}

/** Replaces the item's sizes with these (none: the item has no sizes any more). */
export async function replaceSizes(
  trx: Transaction<Database>,
  itemId: number,
  sizes: ReadonlyMap<string, number>,
): Promise<void> {
  await trx.deleteFrom('cargo_item_sizes').where('item_id', '=', itemId).execute();
  if (sizes.size === 0) return;
  await trx
    .insertInto('cargo_item_sizes')
    .values(
      [...sizes].map(([label, quantity], position) => ({
        item_id: itemId,
        size_label: label,
        quantity,
        position,
      })),
    )
    .execute();
}

/** A unique-index violation (a name taken by a concurrent write), on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
