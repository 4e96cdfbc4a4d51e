// Refreshes the mirrored lists from the API (DESIGN.md offline rule 1: the network refreshes
// Dexie, screens read Dexie). A refresh replaces one list's rows, re-applies the optimistic
// changes of actions still waiting in the outbox (so a queued cancel stays visible), and
// records when — all in one transaction. A failed refresh leaves the old rows in place.
import { ApiError } from '../api/api-client.ts';
import type { AppDb } from './app-db.ts';
import { applyLocalChanges } from './local-changes.ts';
import { MIRROR_LISTS, type MirrorItem, type MirrorListName } from './mirror-lists.ts';
import { getRememberedUser } from './session-user-store.ts';
import { markListRefreshed } from './sync-meta.ts';
import { envelopeMessage, type OutboxTransport } from './transport.ts';
import type { MirrorRow, MirrorTable, RememberedUser } from './types.ts';

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

/** Why a list could not be refreshed (screens show it: spec section 8). */
export interface LoadProblem {
  /** The server's message, or the transport's error text; null when there is neither. */
  message: string | null;
  /** The server could not be reached (the device copy is what there is). */
  network: boolean;
}

/** Fetches one list and replaces the device's copy; null when that worked. */
async function fetchList(
  db: AppDb,
  transport: OutboxTransport,
  name: MirrorListName,
  path: string,
): Promise<LoadProblem | null> {
  let reply: { status: number; body: unknown };
  try {
    reply = await transport({ method: 'GET', path });
  } catch (error) {
    const text = error instanceof Error && error.message !== '' ? error.message : null;
    return { message: text, network: error instanceof ApiError && error.code === 'NETWORK_ERROR' };
  }
  const items =
    reply.status >= 200 && reply.status < 300 ? MIRROR_LISTS[name].items(reply.body) : null;
  if (items === null) return { message: envelopeMessage(reply.body), network: false };
  await replaceList(db, name, items);
  return null;
}

/**
 * Refreshes running now, per device database and path. A second asker joins one instead of
 * fetching the same list again (a screen opening while the engine refreshes at start-up), as
 * long as this device has not changed the server's data since it began.
 */
const running = new WeakMap<
  AppDb,
  Map<string, { changes: number; done: Promise<LoadProblem | null> }>
>();
let serverChanges = 0;

/**
 * This device changed the server's data (an action was sent): a refresh begun before may
 * bring the old data, so later askers start their own.
 */
export function markServerChanged(): void {
  serverChanges += 1;
}

/** Refreshes one list for `user`: 'not-yours' when it is not theirs, else null or why not. */
export function refreshListFor(
  db: AppDb,
  transport: OutboxTransport,
  name: MirrorListName,
  user: RememberedUser | null,
): Promise<LoadProblem | null | 'not-yours'> {
  const path = MIRROR_LISTS[name].path(user);
  if (path === null) return Promise.resolve('not-yours');
  let byPath = running.get(db);
  if (byPath === undefined) {
    byPath = new Map();
    running.set(db, byPath);
  }
  const current = byPath.get(path);
  if (current !== undefined && current.changes === serverChanges) return current.done;
  const done = fetchList(db, transport, name, path);
  const entry = { changes: serverChanges, done };
  byPath.set(path, entry);
  const forget = () => {
    if (byPath.get(path) === entry) byPath.delete(path);
  };
  done.then(forget, forget);
  return done;
}

export async function refreshList(
  db: AppDb,
  transport: OutboxTransport,
  name: MirrorListName,
): Promise<RefreshOutcome> {
  try {
    const result = await refreshListFor(db, transport, name, await getRememberedUser(db));
    if (result === 'not-yours') return 'not-yours';
    return result === null ? 'refreshed' : 'failed';
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
