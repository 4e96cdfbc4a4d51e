// The device's view of the person's notification preferences (issue 19): what the server last
// said, kept in syncMeta per user so the profile shows them offline too, and the latest change
// still in the outbox (queued, sending or sent but not yet acknowledged), which wins: a change
// made offline shows at once and survives a reload. Preferences have no mirror list, so the
// action carries no optimistic change; this is its local view instead.
import { useLiveQuery } from 'dexie-react-hooks';
import type { NotificationPreferences } from '#shared/contracts/notifications';
import { NOTIFICATION_KINDS } from './actions.ts';
import { getAppDb, type AppDb } from './app-db.ts';
import { preferencesMetaKey as metaKey } from './sync-meta.ts';

function asPreferences(value: unknown): NotificationPreferences | null {
  if (typeof value !== 'object' || value === null) return null;
  const { push, email } = value as { push?: unknown; email?: unknown };
  return typeof push === 'boolean' && typeof email === 'boolean' ? { push, email } : null;
}

/** Keeps what the server said (a GET, or a change it took). */
export async function rememberPreferences(
  userId: number,
  preferences: NotificationPreferences,
  db: AppDb = getAppDb(),
): Promise<void> {
  await db.syncMeta.put({ key: metaKey(userId), value: { ...preferences } });
}

export interface StoredPreferences {
  /** What the server last said on this device; null when never asked here. */
  known: NotificationPreferences | null;
  /** The latest change not refused, still in the outbox; null when none. */
  pending: NotificationPreferences | null;
}

export async function readStoredPreferences(
  userId: number,
  db: AppDb = getAppDb(),
): Promise<StoredPreferences> {
  return db.transaction('r', db.outbox, db.syncMeta, async () => {
    const row = await db.syncMeta.get(metaKey(userId));
    const changes = await db.outbox
      .filter(
        (r) =>
          r.kind === NOTIFICATION_KINDS.preferences &&
          r.ownerUserId === userId &&
          r.status !== 'rejected',
      )
      .sortBy('seq');
    const latest = changes.at(-1);
    return {
      known: asPreferences(row?.value),
      pending: latest === undefined ? null : asPreferences(latest.payload),
    };
  });
}

/** The preferences as this device knows them, live; undefined while loading. */
export function useStoredPreferences(userId: number): StoredPreferences | undefined {
  return useLiveQuery(() => readStoredPreferences(userId), [userId]);
}
