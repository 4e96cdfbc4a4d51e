// Refreshes the mirrored lists from the API (DESIGN.md offline rule 1: the network refreshes
// Dexie, screens read Dexie). A refresh replaces one list's rows, re-applies the optimistic
// changes of actions still waiting in the outbox (so a queued cancel stays visible), and
// records when — all in one transaction. A failed refresh leaves the old rows in place.
import type { AppDb } from './app-db.ts';
import { applyLocalChanges } from './local-changes.ts';
import { MIRROR_LISTS, type MirrorItem, type MirrorListName } from './mirror-lists.ts';
import { getRememberedUser } from './session-user-store.ts';
import { markListRefreshed } from './sync-meta.ts';
import type { OutboxTransport } from './transport.ts';
import type { MirrorRow, MirrorTable } from './types.ts';

export type RefreshOutcome = 'refreshed' | 'failed' | 'not-yours';

export function mirrorKey(list: string, id: string | number): string {
  return `${list}/${String(id)}`;
}

/** A mirror row for an optimistic change (LocalChange.row). */
export function mirrorRow(
  list: MirrorListName,
  id: string | number,
  data: unknown,
  options: { group?: string | null; position?: number } = {},
): MirrorRow {
  return {
    key: mirrorKey(list, id),
    list,
    id: String(id),
    position: options.position ?? -1,
    group: options.group ?? null,
    data,
  };
}

/** Re-applies pending actions' changes to one list, recording fresh undo values. */
async function rebasePending(db: AppDb, table: MirrorTable, list: string): Promise<void> {
  const prefix = `${list}/`;
  const pending = await db.outbox.where('status').anyOf('queued', 'sending').sortBy('seq');
  for (const row of pending) {
    const mine = row.changes.filter((c) => c.table === table && c.key.startsWith(prefix));
    if (mine.length === 0) continue;
    const undo = await applyLocalChanges(db, mine);
    const kept = row.undo.filter((u) => !(u.table === table && u.key.startsWith(prefix)));
    await db.outbox.update(row.seq, { undo: [...undo, ...kept] });
  }
}

export async function replaceList(
  db: AppDb,
  name: MirrorListName,
  items: readonly MirrorItem[],
  now = new Date(),
): Promise<void> {
  const { table } = MIRROR_LISTS[name];
  await db.transaction('rw', db.writeScope(), async () => {
    await db.mirror(table).where('list').equals(name).delete();
    await db
      .mirror(table)
      .bulkPut(
        items.map((item, position) => mirrorRow(name, item.id, item.data, { ...item, position })),
      );
    await rebasePending(db, table, name);
    await markListRefreshed(db, name, now);
  });
}

export async function refreshList(
  db: AppDb,
  transport: OutboxTransport,
  name: MirrorListName,
): Promise<RefreshOutcome> {
  const def = MIRROR_LISTS[name];
  const path = def.path(await getRememberedUser(db));
  if (path === null) return 'not-yours';
  try {
    const reply = await transport({ method: 'GET', path });
    const items = reply.status === 200 ? def.items(reply.body) : null;
    if (items === null) return 'failed';
    await replaceList(db, name, items);
    return 'refreshed';
  } catch {
    return 'failed';
  }
}

/** Every list that is the signed-in user's (or public), one after another. */
export async function refreshMirror(
  db: AppDb,
  transport: OutboxTransport,
): Promise<Partial<Record<MirrorListName, RefreshOutcome>>> {
  const outcomes: Partial<Record<MirrorListName, RefreshOutcome>> = {};
  for (const name of Object.keys(MIRROR_LISTS) as MirrorListName[]) {
    outcomes[name] = await refreshList(db, transport, name);
  }
  return outcomes;
}
