// The secure session forgotten by the server mid-visit (spec section 2 "Startup", section 8
// "Secure session"; DESIGN.md "Offline rules" 8): a foreground action re-handshakes silently
// once and goes through; only when it still fails after that does 'Session Expired' show,
// with Refresh Page (reload) and Cancel (close).
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/chromium.ts';
import { SessionExpiredModal } from './pages/app-shell.ts';
import { ProfilePage } from './pages/profile-page.ts';
import { aClient, logInAsClient, type TestClient } from './helpers/flows.ts';
import {
  forgetEachNewSecureSession,
  forgetSecureSessions,
  rememberSecureSessionsAgain,
} from './helpers/broken-server.ts';
import { useE2e } from './helpers/harness.ts';
import { logRequests } from './helpers/request-log.ts';
import { gone, shown } from './helpers/waits.ts';

const e2e = useE2e();

afterEach(async () => {
  await rememberSecureSessionsAgain(e2e.server.db);
});

async function phoneOf(userId: number): Promise<string | null> {
  const row = await e2e.server.db
    .selectFrom('users')
    .select('phone')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.phone;
}

async function openProfile(page: Page, client: TestClient): Promise<ProfilePage> {
  await logInAsClient(page, client);
  const profile = new ProfilePage(page);
  await profile.goto();
  await profile.choose('Phone Number');
  return profile;
}

async function submitPhone(profile: ProfilePage, phone: string, password: string): Promise<void> {
  await profile.newPhone.fill(phone);
  await profile.currentPassword.fill(password);
  await profile.submit.click();
}

describe('a secure session the server forgot', () => {
  it('is replaced silently by one re-handshake: the action goes through, no modal', async () => {
    const { page, errors } = await e2e.open();
    const client = await aClient(e2e.server, 'uma');
    const profile = await openProfile(page, client);
    const handshakes = logRequests(page, '/api/security/complete-handshake');
    const before = await e2e.server.db.selectFrom('secure_sessions').select('id').execute();
    expect(before.length).toBeGreaterThan(0);

    await forgetSecureSessions(e2e.server.db);
    await submitPhone(profile, '5557654321', client.password);
    await shown(page.getByRole('main').getByRole('status'));
    expect(await phoneOf(client.id)).toBe('5557654321');
    expect(handshakes.count()).toBe(1);
    expect(await new SessionExpiredModal(page).dialog.count()).toBe(0);
    const after = await e2e.server.db.selectFrom('secure_sessions').select('id').execute();
    expect(after).toHaveLength(1);
    expect(before.map((s) => s.id)).not.toContain(after[0]?.id);
    expect(errors).toEqual([]);
  });

  it("shows 'Session Expired' when the action still fails after the re-handshake", async () => {
    const { page } = await e2e.open();
    const client = await aClient(e2e.server, 'vic');
    const profile = await openProfile(page, client);
    const modal = new SessionExpiredModal(page);

    await forgetEachNewSecureSession(e2e.server.db);
    await forgetSecureSessions(e2e.server.db);
    await submitPhone(profile, '5557654321', client.password);
    await shown(modal.dialog);
    await shown(modal.refreshButton);
    await shown(modal.cancelButton);
    await screenshot(page, 'session-expired-modal-phone');
    expect(await phoneOf(client.id)).toBe(client.phone);

    // Cancel closes it and leaves the page as it was.
    await modal.cancelButton.click();
    await gone(modal.dialog);
    expect(await profile.newPhone.inputValue()).toBe('5557654321');

    // Once the server keeps sessions again, the same action goes through.
    await rememberSecureSessionsAgain(e2e.server.db);
    await profile.submit.click();
    await shown(page.getByRole('main').getByRole('status'));
    expect(await phoneOf(client.id)).toBe('5557654321');
  });

  it('Refresh Page reloads the page, which starts a new secure session', async () => {
    const { page } = await e2e.open();
    const client = await aClient(e2e.server, 'wes');
    const profile = await openProfile(page, client);
    const modal = new SessionExpiredModal(page);
    await forgetEachNewSecureSession(e2e.server.db);
    await forgetSecureSessions(e2e.server.db);
    await submitPhone(profile, '5557654321', client.password);
    await shown(modal.dialog);

    await rememberSecureSessionsAgain(e2e.server.db);
    await page.evaluate(() => sessionStorage.setItem('e2e-before-reload', 'yes'));
    await Promise.all([page.waitForEvent('load'), modal.refreshButton.click()]);
    // A reload keeps sessionStorage and the login cookie: the same user, on the same screen.
    await shown(profile.heading);
    await gone(modal.dialog);
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-before-reload'))).toBe('yes');
    expect(new URL(page.url()).pathname).toBe('/profile');
    const sessions = await e2e.server.db.selectFrom('secure_sessions').select('id').execute();
    expect(sessions).toHaveLength(1);
  });
});
