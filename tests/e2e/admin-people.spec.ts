// Volunteer applications, users and feedback (spec section 2 "Admin applications", "Admin
// users", "Admin feedback"; sections 5, 7 and 8).
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_APPLICATION_MESSAGES } from '#shared/contracts/admin-applications';
import { ADMIN_USER_MESSAGES } from '#shared/contracts/admin-users';
import { PASSWORD_MESSAGES } from '#shared/rules/passwords';
import { APPROVAL_NOTICES } from '#client/features/admin-applications/approval-notice';
import { loadNamespaces } from '#client/i18n/catalogues';
import { createUser, uniqueUsername } from '../support/factories.ts';
import { DESKTOP, PHONE, screenshot } from '../support/chromium.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import {
  AdminHomePage,
  anAdmin,
  answerDialogs,
  logInAsAdmin,
  nextDialog,
} from './pages/admin-home-page.ts';
import { AdminApplicationsPage, AdminFeedbackPage } from './pages/admin-lists-page.ts';
import { aFeedback, anApplication } from './pages/admin-seed.ts';
import { AdminUsersPage } from './pages/admin-users-page.ts';
import { control } from './pages/controls.ts';
import { LoginPage } from './pages/login-page.ts';
import { answerConfirmation, confirmation } from './helpers/confirm.ts';
import { english } from '../support/english.ts';

const e2e = useE2e();
// APPROVAL_NOTICES words its cases from the 'admin' catalogue, as the screen does.
beforeAll(() => loadNamespaces('en', ['admin']));

/** Signs in through /login in a fresh phone context; resolves to whether it worked. */
async function canLogIn(username: string, password: string): Promise<boolean> {
  const { page } = await e2e.open(PHONE);
  const login = new LoginPage(page);
  await login.goto();
  await login.logInAs(username, password);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 }).catch(() => undefined);
  return new URL(page.url()).pathname === '/';
}

describe('volunteer applications', () => {
  it('approves and rejects pending applications', async () => {
    const { db } = e2e.server;
    const robin = await anApplication(db, { firstName: 'Robin', lastName: 'Hart' });
    const sam = await anApplication(db, { firstName: 'Sam', lastName: 'Lowe' });
    const admin = await anAdmin(e2e.server);
    const { page, errors } = await e2e.open(DESKTOP);
    const home = await logInAsAdmin(page, admin);
    await home.waitForCount('New volunteer applications', 2);

    await home.card('Manage Volunteers').click();
    const applications = new AdminApplicationsPage(page);
    await shown(applications.row('Pending', robin.email));
    const text = (await applications.row('Pending', robin.email).textContent()) ?? '';
    for (const part of [String(robin.id), 'Robin Hart', '555 010 2000', 'Weekends']) {
      expect(text).toContain(part);
    }
    await screenshot(page, 'admin-applications-desktop');

    await applications.action(robin.email, 'Approve').click();
    await shown(applications.row('Approved', robin.email));
    // No account had the email: the notice names the account made for the applicant.
    const made = await db
      .selectFrom('users')
      .select('username')
      .where('email_key', '=', robin.email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(await applications.notice.textContent()).toBe(APPROVAL_NOTICES.created(made.username));
    await applications.action(sam.email, 'Reject').click();
    await answerConfirmation(page, 'Reject application');
    await shown(applications.row('Rejected', sam.email));
    expect(await applications.notice.textContent()).toBe(
      english(ADMIN_APPLICATION_MESSAGES.rejected),
    );
    await shown(page.getByText('No pending applications.'));
    await screenshot(page, 'admin-applications-decided-desktop');

    await control(page, 'Go Back').click();
    await new AdminHomePage(page).waitForCount('New volunteer applications', 0);
    expect(errors).toEqual([]);
  });

  it('fits a phone', async () => {
    await anApplication(e2e.server.db, { firstName: 'Alex', lastName: 'Phone' });
    const admin = await anAdmin(e2e.server);
    const { page } = await e2e.open(PHONE);
    await logInAsAdmin(page, admin);
    const applications = new AdminApplicationsPage(page);
    await applications.goto();
    await shown(applications.table('Pending'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await screenshot(page, 'admin-applications-phone');
  });
});

describe('manage users', () => {
  it('creates a volunteer whose generated password signs in, then edits the account', async () => {
    const admin = await anAdmin(e2e.server);
    const client = await createUser(e2e.server.db, { role: 'CLIENT' });
    const { page, errors } = await e2e.open(DESKTOP);
    const home = await logInAsAdmin(page, admin);
    await home.card('Manage Users').click();
    const users = new AdminUsersPage(page);
    await shown(users.row(client.username));
    // Only volunteers get 'Update Subrole'.
    expect(await users.action(client.username, 'Update Subrole').count()).toBe(0);

    const username = uniqueUsername('vol');
    const password = await users.addUser({
      username,
      email: `${username}@example.org`,
      phone: '5550102030',
      firstName: 'Jo',
      lastName: 'Rivera',
      role: 'VOLUNTEER',
    });
    expect(password.length).toBeGreaterThanOrEqual(8);
    expect(await users.dialog.textContent()).toContain(english(ADMIN_USER_MESSAGES.created));
    await screenshot(page, 'admin-users-created-desktop');
    await control(users.dialog, 'Done').click();
    await gone(users.dialog);
    await shown(users.row(username));
    expect(await users.row(username).textContent()).toContain('VOLUNTEER (REGULAR)');
    expect(await canLogIn(username, password)).toBe(true);

    // Update: the form starts from the user's fields.
    await users.action(username, 'Update').click();
    await shown(users.dialog);
    expect(await users.dialog.getByLabel('First Name').inputValue()).toBe('Jo');
    await users.fill({ phone: '5550109999' });
    await control(users.dialog, 'Submit Update').click();
    await gone(users.dialog);
    expect(await users.notice.textContent()).toBe(english(ADMIN_USER_MESSAGES.updated));
    await shown(users.row(username).getByText('5550109999'));

    // Subrole: TEAM_LEAD with notes.
    await users.action(username, 'Update Subrole').click();
    await shown(users.dialog);
    await users.dialog.getByLabel('Subrole').selectOption('TEAM_LEAD');
    await users.dialog.getByLabel(/^Notes/).fill('Led three rounds');
    await screenshot(page, 'admin-users-subrole-desktop');
    await control(users.dialog, 'Submit Subrole Update').click();
    await gone(users.dialog);
    expect(await users.notice.textContent()).toBe(english(ADMIN_USER_MESSAGES.subroleUpdated));
    await shown(users.row(username).getByText('VOLUNTEER (TEAM_LEAD)'));
    await screenshot(page, 'admin-users-desktop');
    expect(errors).toEqual([]);
  });

  it('resets a password through a prompt, and deletes after a confirmation', async () => {
    const admin = await anAdmin(e2e.server);
    const user = await createUser(e2e.server.db, { role: 'VOLUNTEER' });
    const { page } = await e2e.open(PHONE);
    await logInAsAdmin(page, admin);
    const users = new AdminUsersPage(page);
    await users.goto();
    await shown(users.row(user.username));
    await screenshot(page, 'admin-users-phone');

    // An empty prompt, or Cancel, sends nothing and says nothing.
    for (const answer of ['', false] as const) {
      const prompt = nextDialog(page, answer);
      await users.action(user.username, 'Reset Password').click();
      expect(await prompt).toContain(user.username);
    }
    expect(await users.notice.count()).toBe(0);

    // The server's rule, in an alert.
    const refused = answerDialogs(page, ['short', true]);
    await users.action(user.username, 'Reset Password').click();
    await expect.poll(() => refused.length).toBe(2);
    expect(refused[1]).toBe(english(PASSWORD_MESSAGES.registrationPassword));

    const prompt = nextDialog(page, 'newpass123');
    await users.action(user.username, 'Reset Password').click();
    await prompt;
    await shown(users.notice);
    expect(await users.notice.textContent()).toBe(english(ADMIN_USER_MESSAGES.passwordReset));
    expect(await canLogIn(user.username, 'newpass123')).toBe(true);

    // Delete asks first (the app's confirmation, naming the user); keeping deletes nothing.
    await users.action(user.username, 'Delete').click();
    await shown(confirmation(page).getByText(`Delete user ${user.username}?`));
    await answerConfirmation(page, 'Keep user');
    await shown(users.row(user.username));
    await users.action(user.username, 'Delete').click();
    await answerConfirmation(page, 'Delete user');
    await gone(users.row(user.username));
    expect(await users.notice.textContent()).toBe(english(ADMIN_USER_MESSAGES.deleted));

    // The server refuses deleting oneself: an alert with its message.
    const own = answerDialogs(page, [true]);
    await users.action(admin.username, 'Delete').click();
    await answerConfirmation(page, 'Delete user');
    await expect.poll(() => own.length).toBe(1);
    expect(own[0]).toBe(english(ADMIN_USER_MESSAGES.deleteSelf));
    await shown(users.row(admin.username));
  });
});

describe('view feedback', () => {
  it('lists id, name, phone, content and created time, newest first, marking who was not signed in', async () => {
    await aFeedback(e2e.server.db, 'The socks were perfect, thank you!', 'riley', 'riley');
    await aFeedback(e2e.server.db, 'Riley here, the van was late.', 'riley');
    await aFeedback(e2e.server.db, 'Please bring more water next round.', null);
    const admin = await anAdmin(e2e.server);
    const { page, errors } = await e2e.open(DESKTOP);
    const home = await logInAsAdmin(page, admin);
    await home.card('View Feedback').click();
    const feedback = new AdminFeedbackPage(page);
    await shown(feedback.row('Please bring more water next round.'));
    const rows = feedback.table.getByRole('row');
    expect(await rows.nth(1).textContent()).toContain('Please bring more water');
    const older = (await feedback.row('The socks were perfect, thank you!').textContent()) ?? '';
    expect(older).toContain('riley');
    expect(older).toContain('5550003333');
    // beyond-spec.md "Feedback": the account's row says so; a visitor's typed name is marked.
    const account = feedback.row('The socks were perfect, thank you!');
    await shown(account.getByText('Signed in', { exact: true }));
    expect(older).not.toContain('Not signed in');
    const claimed = feedback.row('Riley here, the van was late.');
    await shown(claimed.getByText('Not signed in', { exact: true }));
    expect(await claimed.textContent()).toContain('riley');
    const unnamed = feedback.row('Please bring more water next round.');
    await shown(unnamed.getByText('Anonymous', { exact: true }));
    await shown(unnamed.getByText('Not signed in', { exact: true }));
    await screenshot(page, 'admin-feedback-desktop');
    const phone = await e2e.open(PHONE);
    await logInAsAdmin(phone.page, admin);
    await new AdminFeedbackPage(phone.page).goto();
    await shown(new AdminFeedbackPage(phone.page).table);
    await screenshot(phone.page, 'admin-feedback-phone');
    expect(errors).toEqual([]);
  });
});
