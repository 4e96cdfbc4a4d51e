// Catalogue stock as orders see it: lookups by name and the conditional stock moves that keep
// quantities at or above 0 (domain-decisions.md "Stock and orders"). Every function runs inside
// the caller's transaction; a move that would go below 0 changes nothing and reports false.
import { CompiledQuery, PostgresAdapter, type Transaction } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';
import type { CatalogueItem } from './orders.types.ts';

type Trx = Transaction<Database>;

interface CatalogueRow {
  id: number;
  name: string;
  name_key: string;
  quantity: number;
  max_per_order: number;
  size_label: string | null;
  size_quantity: number | null;
}

const CATALOGUE_SELECT = `select i.id, i.name, i.name_key, i.quantity, i.max_per_order,
    s.size_label, s.quantity as size_quantity
  from cargo_items as i left join cargo_item_sizes as s on s.item_id = i.id`;
const CATALOGUE_ORDER = 'order by i.id, s.size_label';
/** PostgreSQL: one text for any number of keys (an array parameter), prepared once. */
const CATALOGUE_BY_KEYS_PG = `${CATALOGUE_SELECT} where i.name_key = any($1::text[]) ${CATALOGUE_ORDER}`;
/** SQLite: one text per number of keys (its statement cache keeps each prepared). */
const catalogueByKeysSqlite = new Map<number, string>();

function catalogueQuery(db: Db | Trx, keys: readonly string[]): CompiledQuery {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return CompiledQuery.raw(CATALOGUE_BY_KEYS_PG, [keys]);
  }
  let text = catalogueByKeysSqlite.get(keys.length);
  if (text === undefined) {
    const marks = keys.map(() => '?').join(', ');
    text = `${CATALOGUE_SELECT} where i.name_key in (${marks}) ${CATALOGUE_ORDER}`;
    catalogueByKeysSqlite.set(keys.length, text);
  }
  return CompiledQuery.raw(text, [...keys]);
}

/**
 * The items whose name_key is one of `keys`, each with its sizes (one query: one round trip).
 * Sent as written, not built per call: it runs on every order (issue 18, fewer compiles).
 */
export async function findItemsByNameKeys(
  db: Db | Trx,
  keys: readonly string[],
): Promise<CatalogueItem[]> {
  if (keys.length === 0) return [];
  const { rows } = await db.executeQuery<CatalogueRow>(catalogueQuery(db, keys));
  const items = new Map<number, CatalogueItem>();
  for (const row of rows) {
    let item = items.get(row.id);
    if (item === undefined) {
      item = {
        id: row.id,
        name: row.name,
        nameKey: row.name_key,
        quantity: row.quantity,
        maxPerOrder: row.max_per_order,
        sizes: [],
      };
      items.set(row.id, item);
    }
    if (row.size_label !== null && row.size_quantity !== null) {
      item.sizes.push({ label: row.size_label, quantity: row.size_quantity });
    }
  }
  return [...items.values()];
}

/**
 * Adds `delta` to one size's quantity (a take is negative and needs that much left). False,
 * and nothing changed, when the take is short or the size is gone.
 */
async function moveSizeStock(
  trx: Trx,
  itemId: number,
  label: string,
  delta: number,
): Promise<boolean> {
  let query = trx
    .updateTable('cargo_item_sizes')
    .set((eb) => ({ quantity: eb('quantity', '+', delta) }))
    .where('item_id', '=', itemId)
    .where('size_label', '=', label);
  if (delta < 0) query = query.where('quantity', '>=', -delta);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes n from one size when at least n is left; false (and nothing changed) otherwise. */
export function takeFromSize(trx: Trx, itemId: number, label: string, n: number) {
  return moveSizeStock(trx, itemId, label, -n);
}

/** Takes n from an item's total when at least n is left; false otherwise. */
export async function takeFromItem(
  trx: Trx,
  itemId: number,
  n: number,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('cargo_items')
    .set((eb) => ({ quantity: eb('quantity', '-', n), updated_at: now.toISOString() }))
    .where('id', '=', itemId)
    .where('quantity', '>=', n)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives n back to a size that still exists; false when the size is gone. */
export function returnToSize(trx: Trx, itemId: number, label: string, n: number) {
  return moveSizeStock(trx, itemId, label, n);
}

/**
 * Gives n back to an item's total. `onlyIfUnsized`: for a line that reserved from the total,
 * give back only while the item still has no sizes, since a sized item's total must stay the
 * sum of its sizes.
 */
export async function returnToItem(
  trx: Trx,
  itemId: number,
  n: number,
  now: Date,
  onlyIfUnsized: boolean,
): Promise<void> {
  let query = trx
    .updateTable('cargo_items')
    .set((eb) => ({ quantity: eb('quantity', '+', n), updated_at: now.toISOString() }))
    .where('id', '=', itemId);
  if (onlyIfUnsized) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('cargo_item_sizes').select('item_id').where('item_id', '=', itemId),
        ),
      ),
    );
  }
  await query.execute();
}

/** What is left of a size (or of the item's total when label is null); 0 when gone. */
export async function stockLeft(trx: Trx, itemId: number, label: string | null): Promise<number> {
  const row =
    label === null
      ? await trx
          .selectFrom('cargo_items')
          .select('quantity')
          .where('id', '=', itemId)
          .executeTakeFirst()
      : await trx
          .selectFrom('cargo_item_sizes')
          .select('quantity')
          .where('item_id', '=', itemId)
          .where('size_label', '=', label)
          .executeTakeFirst();
  return row?.quantity ?? 0;
}
