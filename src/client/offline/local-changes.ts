// Optimistic changes to the mirror, as data: a queued action stores the changes it made and
// what undoes them, so a refusal can be undone even after a reload. Call inside a Dexie
// transaction that covers the mirror tables (AppDb.writeScope()).
import type { AppDb } from './app-db.ts';
import type { LocalChange } from './types.ts';

/** Applies the changes in order and returns the changes that undo them (in undo order). */
export async function applyLocalChanges(
  db: AppDb,
  changes: readonly LocalChange[],
): Promise<LocalChange[]> {
  const undo: LocalChange[] = [];
  for (const change of changes) {
    const table = db.mirror(change.table);
    const before = await table.get(change.key);
    undo.unshift({ table: change.table, key: change.key, row: before ?? null });
    if (change.row === null) await table.delete(change.key);
    else await table.put({ ...change.row, key: change.key });
  }
  return undo;
}

/** Applies undo changes (from applyLocalChanges) without recording anything. */
export async function undoLocalChanges(db: AppDb, undo: readonly LocalChange[]): Promise<void> {
  for (const change of undo) {
    const table = db.mirror(change.table);
    if (change.row === null) await table.delete(change.key);
    else await table.put(change.row);
  }
}
