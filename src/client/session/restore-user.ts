// Who is signed in when the app opens. The tab's sessionStorage wins (spec); without it, the
// login cookie may still be valid (an installed app relaunched), so GET /api/auth/me asks
// (only when this browser has logged in before: first visits skip the call).
// A stored user is also re-checked in the background: if the server no longer knows the
// login, the stale user is dropped. Offline, nothing changes (the offline layer may have
// restored a user from its mirror).
import { apiGet, ApiError } from '../api/api-client.ts';
import { startAccountLanguageSync } from './account-language.ts';
import {
  getSessionUser,
  isGuest,
  mayHaveLogin,
  setSessionUser,
  toSessionUser,
} from './session-user.ts';

export const ME_PATH = '/api/auth/me';

async function askServer(): Promise<void> {
  const asked = getSessionUser();
  // A login or logout while the question was out is newer than its answer.
  const stillCurrent = () => getSessionUser() === asked;
  try {
    const user = toSessionUser(await apiGet(ME_PATH, { background: true }));
    if (user !== null && stillCurrent()) setSessionUser(user);
  } catch (error) {
    // 401: no valid login cookie. Anything else (offline, 5xx) proves nothing: keep the user.
    if (error instanceof ApiError && error.status === 401 && stillCurrent()) setSessionUser(null);
  }
}

/** Resolves once the user is known as well as it can be right now. */
export async function restoreSessionUser(): Promise<void> {
  // From here on, a sign-in or a restored user settles the language with the account.
  startAccountLanguageSync();
  const stored = getSessionUser();
  if (stored === null) {
    if (mayHaveLogin()) await askServer();
    return;
  }
  // The Guest has no account to confirm.
  if (!isGuest(stored)) void askServer();
}
