// The account's language (beyond-spec.md section 4): signed in, the person's choice from the
// header's menu is kept on the account (PUT /api/auth/update/language), so mail and push use
// it and their other devices follow it. On sign-in or restore, a device without a choice of
// its own follows the account; an account without one takes the device's choice.
// Profile writes are not queued in the offline outbox, so neither is this one: a choice that
// could not be sent (offline) is remembered on the device and sent at the next sign-in or
// restore, where it wins over the account's older one.
import { AUTH_PATHS } from '#shared/contracts/auth-paths';
import type { Language } from '#shared/i18n/languages';
import { apiPut, ApiError } from '../api/api-client.ts';
import {
  deviceLanguage,
  followAccountLanguage,
  hasChosenLanguage,
  onLanguageChosen,
} from '../i18n/language-choice.ts';
import {
  getSessionUser,
  isGuest,
  subscribeSessionUser,
  updateSessionUser,
  type SessionUser,
} from './session-user.ts';

/** localStorage: set while a choice made signed in has not reached the account. */
export const UNSENT_LANGUAGE_KEY = 'streetmed.languageUnsent';

function accountIdOf(user: SessionUser | null): number | null {
  return user === null || isGuest(user) ? null : user.userId;
}

function setUnsent(unsent: boolean): void {
  try {
    if (unsent) localStorage.setItem(UNSENT_LANGUAGE_KEY, '1');
    else localStorage.removeItem(UNSENT_LANGUAGE_KEY);
  } catch {
    // Storage blocked: the choice is tried once, now.
  }
}

function isUnsent(): boolean {
  try {
    return localStorage.getItem(UNSENT_LANGUAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** Keeps the language on the signed-in account; remembered as unsent when it cannot be. */
export async function sendAccountLanguage(language: Language): Promise<void> {
  const userId = accountIdOf(getSessionUser());
  if (userId === null) return;
  setUnsent(true);
  try {
    // The reply's schema (zod) loads with the first send: this module is in the entry script,
    // which the landing loads, and zod is not (issue 21's budget).
    const { profileUpdateReply } = await import('#shared/contracts/auth');
    const body = { userId: String(userId), language };
    const reply = await apiPut(AUTH_PATHS.updateLanguage, body, {
      schema: profileUpdateReply,
      background: true,
    });
    setUnsent(false);
    if (accountIdOf(getSessionUser()) === reply.userId)
      updateSessionUser({ language: reply.language });
  } catch (error) {
    // Refused (a 4xx other than a lost login): sending it again would be refused again.
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (refused && error.status !== 401) setUnsent(false);
  }
}

/** A signed-in user as the server described them: follow the account, or tell it. */
export async function settleAccountLanguage(user: SessionUser | null): Promise<void> {
  if (accountIdOf(user) === null || user?.language === undefined) return;
  const device = deviceLanguage();
  const tellAccount = hasChosenLanguage() && (isUnsent() || user.language === null);
  if (tellAccount) {
    if (user.language !== device) await sendAccountLanguage(device);
    else setUnsent(false);
    return;
  }
  await followAccountLanguage(user.language);
}

let started = false;

/** Once per page: listens to the menu and to sign-ins (idempotent). */
export function startAccountLanguageSync(): void {
  if (started) return;
  started = true;
  onLanguageChosen((language) => void sendAccountLanguage(language));
  let settledFor: string | null = null;
  const settle = (user: SessionUser | null) => {
    // Once per account and language the server told us of, not on every profile change.
    const key = accountIdOf(user) === null ? null : `${user?.userId}:${user?.language}`;
    if (key === settledFor) return;
    settledFor = key;
    void settleAccountLanguage(user);
  };
  subscribeSessionUser(settle);
  settle(getSessionUser());
}
