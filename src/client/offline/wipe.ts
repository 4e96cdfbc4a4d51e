// Logout (issue #3: "Logout wipes the user's personal data from the device"): the user's
// mirrored lists, their copy of the user record, their queued actions and their receipts.
// The catalogue is not personal and stays (a guest may browse it offline). Public actions
// queued while signed out (owner null) are not this user's and stay queued.
import type { AppDb } from './app-db.ts';
import { forgetAllSent } from './sent-receipts.ts';
import { currentUserId } from './session-user-store.ts';
import { listMetaKey, PREFERENCES_META_PREFIX, updateReplayerState } from './sync-meta.ts';
import type { MirrorListName } from './mirror-lists.ts';

const PERSONAL_LISTS: readonly MirrorListName[] = [
  'myOrders',
  'assignedOrders',
  'myRounds',
  'allRounds',
];

/**
 * How many of the signed-in user's actions a logout would throw away (queued, sending or
 * needing attention). The shell asks before logging out when this is above 0, so nothing is
 * dropped silently.
 */
export async function countUnsentForLogout(db: AppDb): Promise<number> {
  const userId = await currentUserId(db);
  if (userId === null) return 0;
  return db.outbox.filter((row) => row.ownerUserId === userId && row.status !== 'done').count();
}

export async function wipeUserData(db: AppDb): Promise<void> {
  await db.transaction('rw', db.writeScope(), async () => {
    await Promise.all([db.rounds.clear(), db.assignedOrders.clear(), db.myOrders.clear()]);
    await db.syncMeta.bulkDelete(PERSONAL_LISTS.map(listMetaKey));
    await db.syncMeta.where('key').startsWith(PREFERENCES_META_PREFIX).delete();
    await db.outbox.filter((row) => row.ownerUserId !== null || row.status === 'done').delete();
    await db.sessionUser.clear();
    // What this user's actions became is theirs too: the next person sees no "Sent ✓".
    await forgetAllSent(db);
    await updateReplayerState(db, { pausedForSignIn: false });
  });
}
