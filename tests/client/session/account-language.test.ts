// @vitest-environment jsdom
// The account's language from the browser's side (beyond-spec.md section 4), against the real
// server: a signed-in choice reaches the account, a device without a choice follows the
// account, an account without one takes the device's, and a choice that could not be sent
// (offline) is sent at the next restore.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { setApiBaseUrl } from '#client/api/api-client';
import { currentLanguage } from '#client/i18n/i18n';
import { activateLanguage, chooseLanguage } from '#client/i18n/language-choice';
import {
  settleAccountLanguage,
  startAccountLanguageSync,
  UNSENT_LANGUAGE_KEY,
} from '#client/session/account-language';
import { setSessionUser, type SessionUser } from '#client/session/session-user';
import { createSignedInUser } from '../../support/factories.ts';
import { sendLoginCookie } from '../support/browser-cookie.ts';
import { useClientServer } from '../support/client-server.ts';

const { db, server } = useClientServer();

afterEach(async () => {
  setSessionUser(null);
  vi.restoreAllMocks();
  localStorage.clear();
  await activateLanguage('en');
});

async function signedIn(language: 'en' | 'es' | null): Promise<SessionUser> {
  const user = await createSignedInUser(db(), { language });
  sendLoginCookie(user.cookie);
  const session: SessionUser = { ...user, userId: user.id, language };
  setSessionUser(session);
  return session;
}

async function accountLanguage(userId: number): Promise<string | null> {
  const row = await db()
    .selectFrom('users')
    .select('language')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.language;
}

describe('account language', () => {
  it('a choice made signed in is kept on the account', async () => {
    startAccountLanguageSync();
    const user = await signedIn(null);
    await chooseLanguage('es');
    await waitFor(async () => expect(await accountLanguage(user.userId!)).toBe('es'));
    // The reply has come back: nothing left to send.
    await waitFor(() => expect(localStorage.getItem(UNSENT_LANGUAGE_KEY)).toBeNull());
  });

  it('a device without a choice follows the account', async () => {
    const user = await signedIn('es');
    await settleAccountLanguage(user);
    expect(currentLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('an account without a language takes the device choice; one with its own keeps it', async () => {
    localStorage.setItem('streetmed.language', 'es');
    const blank = await signedIn(null);
    await settleAccountLanguage(blank);
    expect(await accountLanguage(blank.userId!)).toBe('es');

    vi.restoreAllMocks();
    const english = await signedIn('en');
    await settleAccountLanguage(english);
    expect(await accountLanguage(english.userId!)).toBe('en');
  });

  it('a choice that could not be sent is sent at the next restore', async () => {
    startAccountLanguageSync();
    const user = await signedIn('en');
    setApiBaseUrl('http://127.0.0.1:9'); // nothing listens: the call fails as offline
    await chooseLanguage('es');
    await waitFor(() => expect(localStorage.getItem(UNSENT_LANGUAGE_KEY)).toBe('1'));
    expect(await accountLanguage(user.userId!)).toBe('en');

    setApiBaseUrl(server().baseUrl);
    await settleAccountLanguage(user);
    expect(await accountLanguage(user.userId!)).toBe('es');
    expect(localStorage.getItem(UNSENT_LANGUAGE_KEY)).toBeNull();
  });
});
