// The signed-in user as the browser holds it (spec sections 2 "Login" and 3 "Session user").
// Keeps: the user in module memory and in sessionStorage under SESSION_USER_STORAGE_KEY
// (the spec's place for it), with subscribers; a "has logged in" flag in localStorage. The offline layer subscribes to also keep it
// with its mirror (DESIGN.md "Offline rules" 9) and may set it on an offline relaunch.
// It grants nothing by itself: the server decides from the login cookie.

import { isLanguage, type Language } from '#shared/i18n/languages';

export const SESSION_USER_STORAGE_KEY = 'sessionUser';
/**
 * localStorage: set while this browser holds a login (cleared at logout), so a relaunch asks
 * GET /api/auth/me only when a login cookie may exist; first visits skip the call. Its value
 * is the role of that login (loginHint), so a relaunch starts loading that role's home
 * screen while /api/auth/me is asked. Like the user itself, it grants nothing.
 */
export const LOGIN_HINT_STORAGE_KEY = 'hasLogin';
export const GUEST_USERNAME = 'Guest';

export type UserRole = 'CLIENT' | 'VOLUNTEER' | 'ADMIN' | 'GUEST';

export interface SessionUser {
  username: string;
  /** null for the Guest (no account). */
  userId: number | null;
  role: UserRole;
  email: string | null;
  phone: string | null;
  /**
   * Whether the server holds the email as proven (beyond-spec.md section 1 "Email
   * ownership"); absent when this copy does not know (a copy stored by an older version).
   */
  emailVerified?: boolean;
  /**
   * The account's chosen language (beyond-spec.md section 4), null while it has none; absent
   * when this copy does not know (the Guest, a copy stored by an older version).
   */
  language?: Language | null;
}

export const GUEST_USER: SessionUser = {
  username: GUEST_USERNAME,
  userId: null,
  role: 'GUEST',
  email: null,
  phone: null,
};

const ROLES: readonly string[] = ['CLIENT', 'VOLUNTEER', 'ADMIN', 'GUEST'];

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads a user from untrusted JSON (storage, a reply); null when it is not one. */
export function toSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.username !== 'string' || v.username === '') return null;
  const id = typeof v.userId === 'string' && /^\d+$/.test(v.userId) ? Number(v.userId) : v.userId;
  const role = typeof v.role === 'string' && ROLES.includes(v.role) ? (v.role as UserRole) : null;
  if (role === null) return null;
  const user: SessionUser = {
    username: v.username,
    userId: typeof id === 'number' && Number.isInteger(id) ? id : null,
    role,
    email: textOrNull(v.email),
    phone: textOrNull(v.phone),
  };
  if (typeof v.emailVerified === 'boolean') user.emailVerified = v.emailVerified;
  if (v.language === null || isLanguage(v.language)) user.language = v.language;
  return user;
}

function readStored(): SessionUser | null {
  try {
    const text = sessionStorage.getItem(SESSION_USER_STORAGE_KEY);
    return text === null ? null : toSessionUser(JSON.parse(text));
  } catch {
    return null;
  }
}

function writeStored(user: SessionUser | null): void {
  try {
    if (user === null) sessionStorage.removeItem(SESSION_USER_STORAGE_KEY);
    else sessionStorage.setItem(SESSION_USER_STORAGE_KEY, JSON.stringify(user));
    const hint = loginHint(user);
    if (user === null) localStorage.removeItem(LOGIN_HINT_STORAGE_KEY);
    else if (hint !== null) localStorage.setItem(LOGIN_HINT_STORAGE_KEY, hint);
  } catch {
    // Storage can be disabled; the user in memory still drives this tab.
  }
}

/** What LOGIN_HINT_STORAGE_KEY holds for this user: their role, or null (no login to hint). */
export function loginHint(user: SessionUser | null): string | null {
  return user === null || isGuest(user) ? null : user.role;
}

/** The role of the login this browser may hold (an older app version's hint names none). */
export function hintedRole(): UserRole | null {
  try {
    const hint = localStorage.getItem(LOGIN_HINT_STORAGE_KEY);
    return hint !== null && ROLES.includes(hint) ? (hint as UserRole) : null;
  } catch {
    return null;
  }
}

/** Whether a login cookie may exist (see LOGIN_HINT_STORAGE_KEY). */
export function mayHaveLogin(): boolean {
  try {
    return localStorage.getItem(LOGIN_HINT_STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}

let current: SessionUser | null = null;
let loaded = false;
const listeners = new Set<(user: SessionUser | null) => void>();

export function getSessionUser(): SessionUser | null {
  if (!loaded) {
    current = readStored();
    loaded = true;
  }
  return current;
}

export function setSessionUser(user: SessionUser | null): void {
  current = user;
  loaded = true;
  writeStored(user);
  for (const listener of listeners) listener(user);
}

/** Merges fields into the current user (e.g. after a profile update). */
export function updateSessionUser(changes: Partial<Omit<SessionUser, 'role'>>): void {
  const user = getSessionUser();
  if (user !== null) setSessionUser({ ...user, ...changes });
}

export function subscribeSessionUser(listener: (user: SessionUser | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isGuest(user: SessionUser | null): boolean {
  return user?.username === GUEST_USERNAME;
}
