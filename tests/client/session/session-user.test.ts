// @vitest-environment jsdom
// The session user: kept in sessionStorage (spec), read back defensively, with a login hint
// in localStorage that logout clears.
import { afterEach, describe, expect, it } from 'vitest';
import {
  GUEST_USER,
  getSessionUser,
  hintedRole,
  LOGIN_HINT_STORAGE_KEY,
  mayHaveLogin,
  SESSION_USER_STORAGE_KEY,
  setSessionUser,
  subscribeSessionUser,
  toSessionUser,
  updateSessionUser,
  type SessionUser,
} from '#client/session/session-user';

const ANA: SessionUser = {
  username: 'ana',
  userId: 4,
  role: 'VOLUNTEER',
  email: 'ana@example.org',
  phone: null,
};

afterEach(() => setSessionUser(null));

describe('session user', () => {
  it('stores the user in sessionStorage and tells subscribers', () => {
    const seen: (SessionUser | null)[] = [];
    const stop = subscribeSessionUser((user) => seen.push(user));
    setSessionUser(ANA);
    updateSessionUser({ phone: '4125550100' });
    stop();
    expect(seen).toEqual([ANA, { ...ANA, phone: '4125550100' }]);
    expect(JSON.parse(sessionStorage.getItem(SESSION_USER_STORAGE_KEY) ?? 'null')).toEqual({
      ...ANA,
      phone: '4125550100',
    });
    expect(getSessionUser()?.phone).toBe('4125550100');
  });

  it('keeps a login hint for a real account only, and drops it at logout', () => {
    setSessionUser(GUEST_USER);
    expect(mayHaveLogin()).toBe(false);
    setSessionUser(ANA);
    // The hint names the login's role, so a relaunch starts loading that role's home.
    expect(localStorage.getItem(LOGIN_HINT_STORAGE_KEY)).toBe(ANA.role);
    expect(hintedRole()).toBe(ANA.role);
    // An older app version's hint: a login may exist, its role is not known.
    localStorage.setItem(LOGIN_HINT_STORAGE_KEY, '1');
    expect(mayHaveLogin()).toBe(true);
    expect(hintedRole()).toBeNull();
    setSessionUser(null);
    expect(mayHaveLogin()).toBe(false);
    expect(hintedRole()).toBeNull();
    expect(sessionStorage.getItem(SESSION_USER_STORAGE_KEY)).toBeNull();
  });

  it.each([
    [null, null],
    [{ username: 'x' }, null],
    [{ username: 'x', role: 'ROOT', userId: 1 }, null],
    [{ username: '', role: 'CLIENT', userId: 1 }, null],
    [
      { username: 'x', role: 'CLIENT', userId: '12', email: '', phone: '4125550100' },
      { username: 'x', role: 'CLIENT', userId: 12, email: null, phone: '4125550100' },
    ],
  ])('reads %j as %j', (input, expected) => {
    expect(toSessionUser(input)).toEqual(expected);
  });
});
