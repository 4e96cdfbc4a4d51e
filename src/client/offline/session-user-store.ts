// The signed-in user, kept with the mirror (DESIGN.md offline rule 9): the spec keeps the
// user in sessionStorage, which an installed app loses when closed, so a copy lives in
// Dexie ('sessionUser', one row). It grants nothing by itself — the server decides from the
// login cookie — it only lets the app open the right home offline and tells the replayer
// whose queued actions it may send.
import type { AppDb } from './app-db.ts';
import { updateReplayerState } from './sync-meta.ts';
import type { RememberedUser } from './types.ts';

export async function getRememberedUser(db: AppDb): Promise<RememberedUser | null> {
  const row = await db.sessionUser.get('current');
  if (row === undefined) return null;
  const { userId, username, role, email, phone } = row;
  return { userId, username, role, email, phone };
}

export async function currentUserId(db: AppDb): Promise<number | null> {
  return (await getRememberedUser(db))?.userId ?? null;
}

/**
 * After sign-in (or /api/auth/me confirming the user): keep the user and lift a sign-in
 * pause, so the actions waiting for this login are sent.
 */
export async function rememberSignedInUser(
  db: AppDb,
  user: RememberedUser,
  now = new Date(),
): Promise<void> {
  await db.transaction('rw', db.sessionUser, db.syncMeta, async () => {
    const { userId, username, role, email, phone } = user;
    await db.sessionUser.put({
      key: 'current',
      userId,
      username,
      role,
      email,
      phone,
      savedAt: now.toISOString(),
    });
    await updateReplayerState(db, { pausedForSignIn: false });
  });
}

/** DESIGN.md offline rule 6: ask the browser not to evict the outbox and mirror. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('storage' in navigator)) return false;
  const storage = navigator.storage;
  try {
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return false;
  }
}
