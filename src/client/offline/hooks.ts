// What screens read from the device, as live queries (DESIGN.md offline rule 1): they
// re-render when Dexie changes, whether the change came from the network, the outbox or
// another tab, and work the same online and offline.
import { startTransition, useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { getAppDb, type AppDb } from './app-db.ts';
import type { MirrorListName } from './mirror-lists.ts';
import { readMirrorList } from './mirror.ts';
import { entityReceipt, type ReceiptState } from './receipts.ts';
import { getRememberedUser } from './session-user-store.ts';
import { listRefreshedAt, readReplayerState } from './sync-meta.ts';
import type { MirrorRow, OutboxRow, RememberedUser } from './types.ts';
import { MIRROR_LISTS } from './mirror-lists.ts';

/** The user's own and public actions, not yet settled, in queue order. */
async function visibleOutbox(db: AppDb): Promise<OutboxRow[]> {
  const user = await getRememberedUser(db);
  const rows = await db.outbox.orderBy('seq').toArray();
  return rows.filter(
    (r) => r.status !== 'done' && (r.ownerUserId === null || r.ownerUserId === user?.userId),
  );
}

/**
 * The receipt of the actions on one entity ('order:12', 'round:4', as the action map keys
 * them), live: it changes as the action travels, whichever tab sends it (receipts.ts).
 */
export function useReceipt(entityKey: string | null): ReceiptState | null {
  return (
    useLiveQuery(
      () => (entityKey === null ? null : entityReceipt(getAppDb(), entityKey)),
      [entityKey],
    ) ?? null
  );
}

/** The time now, read again every `tickMs` (texts of ages: how long an action has waited). */
export function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

export function useOutboxEntries(): OutboxRow[] | undefined {
  return useLiveQuery(() => visibleOutbox(getAppDb()), []);
}

export interface OutboxSummary {
  /** Queued or sending. */
  pending: number;
  sending: boolean;
  needsAttention: number;
  /** Queued actions held until the user signs in again. */
  waitingForSignIn: number;
  /** When the oldest queued or sending action was queued (the 28-day warning). */
  oldestPendingAt: string | null;
}

async function summarise(db: AppDb): Promise<OutboxSummary> {
  const rows = await visibleOutbox(db);
  const state = await readReplayerState(db);
  const user = await getRememberedUser(db);
  const waits = (r: OutboxRow) =>
    r.status === 'queued' &&
    r.ownerUserId !== null &&
    (state.pausedForSignIn || r.ownerUserId !== user?.userId);
  const all = await db.outbox.toArray();
  const pending = rows.filter((r) => r.status === 'queued' || r.status === 'sending');
  return {
    pending: pending.length,
    oldestPendingAt: pending.reduce<string | null>(
      (oldest, r) => (oldest === null || r.createdAt < oldest ? r.createdAt : oldest),
      null,
    ),
    sending: all.some((r) => r.status === 'sending'),
    needsAttention: rows.filter((r) => r.status === 'rejected').length,
    waitingForSignIn: all.filter(waits).length,
  };
}

const EMPTY_SUMMARY: OutboxSummary = {
  pending: 0,
  sending: false,
  needsAttention: 0,
  waitingForSignIn: 0,
  oldestPendingAt: null,
};

export function useOutboxSummary(): OutboxSummary {
  return useLiveQuery(() => summarise(getAppDb()), [], EMPTY_SUMMARY);
}

/** A mirrored list in the server's order; undefined while loading from IndexedDB. */
export function useMirrorList(name: MirrorListName, group?: string): MirrorRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await readMirrorList(getAppDb(), name);
    return group === undefined ? rows : rows.filter((r) => r.group === group);
  }, [name, group]);
}

/**
 * A live query whose new results re-render in a transition. React renders a transition in
 * slices of a few milliseconds, yielding to the browser in between, so a screen that paints a
 * whole dashboard when its lists arrive does not hold the main thread (or a tap) for the
 * length of that render. The result is React state set only inside the transition: with
 * useObservable it sat in a ref, and any other update to the screen (a pending action, a
 * refresh failing) painted it early, in one unsliced render.
 */
function useTransitionLiveQuery<T>(key: string, query: (key: string) => Promise<T>): T | undefined {
  const [state, setState] = useState<{ value: T | undefined; error: Error | null }>({
    value: undefined,
    error: null,
  });
  useEffect(() => {
    const subscription = liveQuery(() => query(key)).subscribe({
      next: (value) => startTransition(() => setState({ value, error: null })),
      error: (reason: unknown) => {
        const error = reason instanceof Error ? reason : new Error(String(reason));
        setState((previous) => ({ ...previous, error }));
      },
    });
    return () => subscription.unsubscribe();
  }, [key, query]);
  // As useLiveQuery does: a failed read goes to the nearest error boundary.
  if (state.error !== null) throw state.error;
  return state.value;
}

export interface MirrorSnapshot {
  /** In the server's order. */
  rows: MirrorRow[];
  /** ISO time of the list's last refresh, or null when never refreshed on this device. */
  refreshedAt: string | null;
}

/** The lists named in the key (comma-separated), read in one transaction. */
async function readMirrorSnapshot(key: string): Promise<Record<string, MirrorSnapshot>> {
  const db = getAppDb();
  const lists = key.split(',') as MirrorListName[];
  const tables = lists.map((name) => db.mirror(MIRROR_LISTS[name].table));
  return db.transaction('r', [...tables, db.syncMeta], async () => {
    const read = lists.map(async (name) => {
      const rows = await readMirrorList(db, name);
      return [name, { rows, refreshedAt: await listRefreshedAt(db, name) }] as const;
    });
    return Object.fromEntries(await Promise.all(read));
  });
}

/**
 * Several mirrored lists and when each was refreshed, read in one transaction: a screen that
 * waits for a list's first refresh before painting it sees the rows of that same moment
 * (two separate queries can answer in either order). undefined while loading.
 */
export function useMirrorSnapshot<N extends MirrorListName>(
  names: readonly N[],
): Record<N, MirrorSnapshot> | undefined {
  return useTransitionLiveQuery(names.join(','), readMirrorSnapshot);
}

/** ISO time of the list's last refresh, or null when never refreshed on this device. */
export function useListRefreshedAt(name: MirrorListName): string | null | undefined {
  return useLiveQuery(() => listRefreshedAt(getAppDb(), name), [name]);
}

/** The user kept on the device (null when signed out); undefined while loading. */
export function useRememberedUser(): RememberedUser | null | undefined {
  return useLiveQuery(() => getRememberedUser(getAppDb()), []);
}

/** navigator.onLine, live (online.ts: the entry's offline badge needs it without Dexie). */
export { useOnline } from './online.ts';
