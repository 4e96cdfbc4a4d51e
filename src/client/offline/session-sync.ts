// Keeps the device's copy of the signed-in user (session-user-store.ts) in step with the
// tab's (session/session-user.ts), and restores it when the app opens offline (DESIGN.md
// offline rules 8 and 9). Keeps, in module memory: whether this tab's user came from the
// device copy (restored offline), so it is confirmed with /api/auth/me once online.
import { restoreSessionUser } from '../session/restore-user.ts';
import {
  getSessionUser,
  setSessionUser,
  subscribeSessionUser,
  type SessionUser,
} from '../session/session-user.ts';
import type { AppDb } from './app-db.ts';
import {
  getRememberedUser,
  rememberSignedInUser,
  requestPersistentStorage,
} from './session-user-store.ts';
import type { RememberedUser } from './types.ts';

let restoredOffline = false;

function accountOf(user: SessionUser | null): RememberedUser | null {
  if (user === null || user.userId === null || user.role === 'GUEST') return null;
  const { userId, username, role, email, phone } = user;
  return { userId, username, role, email, phone };
}

async function onSessionUser(db: AppDb, user: SessionUser | null, signedIn: () => void) {
  const account = accountOf(user);
  if (account === null) {
    // Signed out in this tab. The user's queued actions stay (paused until they sign in
    // again); an explicit logout wipes them (the logout hook in engine.ts).
    restoredOffline = false;
    await db.sessionUser.clear();
    return;
  }
  // The device copy proves no login: only a user the server gave us lifts a sign-in pause.
  if (restoredOffline) return;
  await rememberSignedInUser(db, account);
  void requestPersistentStorage();
  signedIn();
}

/** Follows the tab's user; `signedIn` runs whenever a real sign-in (or /me) sets one. */
export function syncSessionUser(db: AppDb, signedIn: () => void): () => void {
  const follow = (user: SessionUser | null) => void onSessionUser(db, user, signedIn);
  const stop = subscribeSessionUser(follow);
  // A tab that starts without a user has been told nothing yet (a fresh tab, an installed app
  // reopened): the device copy must stay for restoreUserOffline. Only a sign-out this tab
  // sees later (logout, /api/auth/me answering 401) forgets it.
  const initial = getSessionUser();
  if (initial !== null) follow(initial);
  const confirm = () => {
    if (!restoredOffline) return;
    restoredOffline = false;
    void restoreSessionUser(); // asks /api/auth/me; a 401 signs the tab out
  };
  window.addEventListener('online', confirm);
  return () => {
    stop();
    window.removeEventListener('online', confirm);
  };
}

/**
 * The shell's local-content check: true when the app can open offline. Sets the tab's user
 * from the device copy when the tab has none (an installed app relaunched offline).
 */
export async function restoreUserOffline(db: AppDb): Promise<boolean> {
  const remembered = await getRememberedUser(db);
  if (remembered !== null && getSessionUser() === null) {
    restoredOffline = true;
    setSessionUser(remembered);
  }
  if (remembered !== null) return true;
  // A list mirrored here once (even an empty one) or a queued action: this device has been
  // used, so it opens offline rather than on the 'Security Error' screen.
  const refreshed = await db.syncMeta.where('key').startsWith('list:').count();
  return refreshed > 0 || (await db.outbox.count()) > 0;
}
