// Refreshes the mirrored lists from the API (DESIGN.md offline rule 1: the network refreshes
// Dexie, screens read Dexie). A refresh replaces one list's rows, re-applies the optimistic
// changes of actions still waiting in the outbox (so a queued cancel stays visible), and
// records when — all in one transaction. A failed refresh leaves the old rows in place.
import { ApiError } from '../api/api-client.ts';
import { serverNow, serverTimeAt } from '../api/server-clock.ts';
import type { AppDb } from './app-db.ts';
import {
  currentFetchMark,
  navigationFetchMark,
  nextFetchMark,
  serverChangeCount,
} from './fetch-marks.ts';
import { applyLocalChanges } from './local-changes.ts';
import { keptRow } from './personal-data-expiry.ts';
import { MIRROR_LISTS, type MirrorItem, type MirrorListName } from './mirror-lists.ts';
import { getRememberedUser } from './session-user-store.ts';
import { markListRefreshed } from './sync-meta.ts';
import { envelopeMessage, type OutboxTransport } from './outbox-transport.ts';
import type { MirrorRow, MirrorTable, RememberedUser } from './types.ts';

export {
  currentFetchMark,
  markNavigation,
  markServerChanged,
  navigationFetchMark,
} from './fetch-marks.ts';

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

/**
 * Replaces one list's rows. `forPath`: the path the items were fetched from; they are kept
 * only if it is still this list's path for the device's user, checked in the same
 * transaction (a reply still on its way at logout must not put the user's rows back after
 * the wipe). Returns whether the rows were replaced.
 */
export async function replaceList(
  db: AppDb,
  name: MirrorListName,
  items: readonly MirrorItem[],
  now = new Date(),
  forPath?: string,
): Promise<boolean> {
  const list = MIRROR_LISTS[name];
  const { table } = list;
  return db.transaction('rw', db.writeScope(), async () => {
    if (forPath !== undefined && list.path(await getRememberedUser(db)) !== forPath) return false;
    await db.mirror(table).where('list').equals(name).delete();
    // Personal data already past its personalDataUntil is never written (personal-data-expiry.ts).
    await db
      .mirror(table)
      .bulkPut(
        items.map((item, position) =>
          keptRow(
            mirrorRow(name, item.id, item.data, { ...item, position }),
            table,
            serverTimeAt(now),
          ),
        ),
      );
    await rebasePending(db, table, name);
    await markListRefreshed(db, name, now);
    return true;
  });
}

/**
 * A mirrored list's rows in the server's order, without personal data past its
 * personalDataUntil by the server's clock (the timer's sweep rewrites the stored rows; a
 * screen never waits for it).
 */
export async function readMirrorList(
  db: AppDb,
  name: MirrorListName,
  now = serverNow(),
): Promise<MirrorRow[]> {
  const { table } = MIRROR_LISTS[name];
  const rows = await db.mirror(table).where('list').equals(name).sortBy('position');
  return rows.map((row) => keptRow(row, table, now));
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
  // Not kept when the device's user changed meanwhile: nothing to show for the old one.
  const kept = await replaceList(db, name, items, new Date(), path);
  return kept ? null : { message: null, network: false };
}

/** One path's refreshes on one device database. */
interface PathRefreshes {
  /** The fetch under way: its mark, the server-change count when it began, its outcome. */
  running?: { mark: number; changes: number; done: Promise<LoadProblem | null> };
  /** The latest fetch that worked: its mark and the server-change count when it began. */
  lastOk?: { mark: number; changes: number };
}

/** Per device database, each path's refreshes. */
const devices = new WeakMap<AppDb, Map<string, PathRefreshes>>();

function refreshesOf(db: AppDb, path: string): PathRefreshes {
  let paths = devices.get(db);
  if (paths === undefined) {
    paths = new Map();
    devices.set(db, paths);
  }
  let state = paths.get(path);
  if (state === undefined) {
    state = {};
    paths.set(path, state);
  }
  return state;
}

/** Whether a fetch that worked answers an asker content with fetches after `since`. */
function freshEnough(path: PathRefreshes, since: number | null): boolean {
  const ok = path.lastOk;
  return (
    since !== null && ok !== undefined && ok.mark > since && ok.changes === serverChangeCount()
  );
}

/**
 * Refreshes one list for `user`: 'not-yours' when it is not theirs, else null or why not.
 * Asking twice costs one request: a second asker joins the fetch of the same path under way,
 * or takes one that worked since `freshSince`, as long as this device has not changed the
 * server's data since that fetch began. By default (a screen opening), since the user came to
 * this screen: the screen the app opens on takes the start-up refresh's fetches.
 */
export function refreshListFor(
  db: AppDb,
  transport: OutboxTransport,
  name: MirrorListName,
  user: RememberedUser | null,
  freshSince: number | null = navigationFetchMark(),
): Promise<LoadProblem | null | 'not-yours'> {
  const path = MIRROR_LISTS[name].path(user);
  if (path === null) return Promise.resolve('not-yours');
  const state = refreshesOf(db, path);
  if (state.running !== undefined && state.running.changes === serverChangeCount()) {
    return state.running.done;
  }
  if (freshEnough(state, freshSince)) return Promise.resolve(null);
  const running = {
    mark: nextFetchMark(),
    changes: serverChangeCount(),
    done: fetchList(db, transport, name, path),
  };
  state.running = running;
  // Registered before any asker awaits `done`, so none of them finds it still running.
  const settle = (worked: boolean) => {
    if (state.running === running) state.running = undefined;
    if (worked && (state.lastOk?.mark ?? 0) < running.mark) {
      state.lastOk = { mark: running.mark, changes: running.changes };
    }
  };
  running.done.then(
    (problem) => settle(problem === null),
    () => settle(false),
  );
  return running.done;
}

export async function refreshList(
  db: AppDb,
  transport: OutboxTransport,
  name: MirrorListName,
  freshSince: number | null = null,
): Promise<RefreshOutcome> {
  try {
    const user = await getRememberedUser(db);
    const result = await refreshListFor(db, transport, name, user, freshSince);
    if (result === 'not-yours') return 'not-yours';
    return result === null ? 'refreshed' : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * Every list that is the signed-in user's (or public), one after another. A list fetched
 * after `freshSince` (a currentFetchMark(); by default, the start of this pass) is not asked
 * again, so a screen's refresh during the pass and the pass share one request per list.
 */
export async function refreshMirror(
  db: AppDb,
  transport: OutboxTransport,
  freshSince: number = currentFetchMark(),
): Promise<Partial<Record<MirrorListName, RefreshOutcome>>> {
  const outcomes: Partial<Record<MirrorListName, RefreshOutcome>> = {};
  for (const name of Object.keys(MIRROR_LISTS) as MirrorListName[]) {
    outcomes[name] = await refreshList(db, transport, name, freshSince);
  }
  return outcomes;
}
