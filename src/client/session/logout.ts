// Log out (spec section 4): the server ends the login (and the secure session bound to it),
// and the browser forgets the user and the encryption session id, then opens a fresh secure
// session in the background so the next visitor's calls are encrypted again.
// Keeps: the registered logout hooks, in module memory.
import { apiPost, clearSecureSession, renewSecureSession } from '../api/api-client.ts';
import { isGuest, getSessionUser, setSessionUser } from './session-user.ts';

export const LOGOUT_PATH = '/api/auth/logout';

type LogoutHook = () => Promise<void>;
const hooks: LogoutHook[] = [];

/** Work to do at an explicit logout, before the user is forgotten (e.g. wipe their local data). */
export function registerLogoutHook(hook: LogoutHook): void {
  hooks.push(hook);
}

async function runHooks(): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook();
    } catch {
      // A failed local wipe must not keep the user signed in on this device.
    }
  }
}

export async function logout(): Promise<void> {
  const user = getSessionUser();
  if (user !== null && !isGuest(user)) {
    try {
      await apiPost(LOGOUT_PATH, {}, { background: true });
    } catch {
      // Offline or already signed out: forgetting the user locally is what matters here.
    }
  }
  await runHooks();
  setSessionUser(null);
  clearSecureSession();
  void renewSecureSession();
}
