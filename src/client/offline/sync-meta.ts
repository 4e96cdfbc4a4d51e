// syncMeta rows: the replayer's state ('replayer') and when each mirrored list was last
// refreshed ('list:<name>'), and a user's notification preferences ('notifications:<userId>').
// Kept in Dexie so every tab and a reload see the same state.
import type { AppDb } from './app-db.ts';

export interface ReplayerState {
  /** Transient failures in a row (network, 5xx, 429): drives the back-off. */
  failures: number;
  /** ISO time before which timer-driven runs wait; null = no back-off. */
  nextAttemptAt: string | null;
  /** The login ended (a 401 that is not SESSION_EXPIRED): the user's actions wait for sign-in. */
  pausedForSignIn: boolean;
  lastError: string | null;
}

const REPLAYER_KEY = 'replayer';
const IDLE: ReplayerState = {
  failures: 0,
  nextAttemptAt: null,
  pausedForSignIn: false,
  lastError: null,
};

/** A user's notification preferences as the server last said (notification-prefs.ts). */
export const PREFERENCES_META_PREFIX = 'notifications:';
export function preferencesMetaKey(userId: number): string {
  return `${PREFERENCES_META_PREFIX}${userId}`;
}

export function listMetaKey(list: string): string {
  return `list:${list}`;
}

export async function readReplayerState(db: AppDb): Promise<ReplayerState> {
  const row = await db.syncMeta.get(REPLAYER_KEY);
  return { ...IDLE, ...(row?.value as Partial<ReplayerState> | undefined) };
}

export async function updateReplayerState(
  db: AppDb,
  patch: Partial<ReplayerState>,
): Promise<ReplayerState> {
  return db.transaction('rw', db.syncMeta, async () => {
    const next = { ...(await readReplayerState(db)), ...patch };
    await db.syncMeta.put({ key: REPLAYER_KEY, value: next });
    return next;
  });
}

export async function markListRefreshed(db: AppDb, list: string, at: Date): Promise<void> {
  await db.syncMeta.put({ key: listMetaKey(list), value: at.toISOString() });
}

export async function listRefreshedAt(db: AppDb, list: string): Promise<string | null> {
  const row = await db.syncMeta.get(listMetaKey(list));
  return typeof row?.value === 'string' ? row.value : null;
}
