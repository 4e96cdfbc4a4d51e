// Email ownership in the browser (beyond-spec.md section 1 "Email ownership" and "Approving an
// application..."; issue 14 items 1 and 6): the profile proves an email with the code from the
// real mail file; Approve on /admin/applications says which account the email matched and
// promotes only a proven one; an applicant follows the mail (its link, "I already have a
// code") to a working volunteer sign-in.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { EMAIL_MESSAGES } from '#shared/contracts/auth';
import { APPROVAL_NOTICES } from '#client/features/admin-applications/approval-notice';
import { loadNamespaces } from '#client/i18n/catalogues';
import { DESKTOP, PHONE, screenshot, type Viewport } from '../support/chromium.ts';
import type { E2eServer } from '../support/e2e-server.ts';
import { resetCodeIn, waitForMail, type Mail } from '../support/e2e-mail.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { storedSessionUser } from './helpers/browser-state.ts';
import { aClient, logInAsClient, type TestClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { logRequests } from './helpers/request-log.ts';
import { shown } from './helpers/waits.ts';
import { anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { AdminApplicationsPage } from './pages/admin-lists-page.ts';
import { anApplication } from './pages/admin-seed.ts';
import { note } from './pages/controls.ts';
import { LoginPage } from './pages/login-page.ts';
import { ProfilePage } from './pages/profile-page.ts';
import { ResetPasswordPage } from './pages/reset-password-page.ts';
import { VolunteerDashboard } from './pages/volunteer-dashboard.ts';
import { english } from '../support/english.ts';

const e2e = useE2e();
// APPROVAL_NOTICES words its cases from the 'admin' catalogue, as the screen does.
beforeAll(() => loadNamespaces('en', ['admin']));

function anotherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

async function markProven(server: E2eServer, userId: number): Promise<void> {
  await server.db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('id', '=', userId)
    .execute();
}

async function accountOf(server: E2eServer, email: string) {
  return server.db
    .selectFrom('users')
    .selectAll()
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
}

/** The recovery page's link in a mail: it carries the email, never the code. */
function recoveryLinkIn(mail: Mail, code: string): string {
  const link = /https?:\/\/\S+\/reset_password\?\S+/.exec(mail.text)?.[0];
  if (link === undefined) throw new Error(`no recovery link in ${mail.file}`);
  expect(new URL(link).searchParams.get('email')).toBe(mail.to.replace(/^.*<|>.*$/g, ''));
  expect(link).not.toContain(code);
  return link;
}

/**
 * The applicant, in a browser of their own, does what the mail says: opens its link, presses
 * "I already have a code", enters the mailed code and a new password, and logs in.
 */
async function followMailToSignIn(email: string, password: string, shot: string): Promise<Page> {
  const mail = await waitForMail(e2e.server.mailDir, email);
  const code = resetCodeIn(mail);
  expect(mail.text).toContain('I already have a code');
  const { page, errors } = await e2e.open(PHONE);
  const reset = new ResetPasswordPage(page);
  await reset.gotoLink(recoveryLinkIn(mail, code));
  expect(await reset.email.inputValue()).toBe(email);
  await screenshot(page, `${shot}-link-phone`);
  const requests = logRequests(page, '/api/auth/password/request-reset');
  await reset.haveCode.click();
  await shown(reset.verifyHeading);
  expect(await reset.email.inputValue()).toBe(email);
  await reset.verify({ otp: code, newPassword: password });
  await shown(reset.goToLogin);
  // Nothing asked for a new code (which would have voided the mailed one).
  expect(requests.count()).toBe(0);
  await reset.goToLogin.click();
  const login = new LoginPage(page);
  await shown(login.heading);
  await login.logInAs(email, password);
  await shown(new VolunteerDashboard(page).upcoming);
  expect(await storedSessionUser(page)).toMatchObject({ role: 'VOLUNTEER' });
  expect(errors).toEqual([]);
  return page;
}

describe('the profile proves the email', () => {
  it('mails a code, refuses a wrong one, takes the right one; an email change unproves', async () => {
    const { page, errors } = await e2e.open(DESKTOP);
    const client = await aClient(e2e.server, 'vera');
    await logInAsClient(page, client);
    const profile = new ProfilePage(page);
    await profile.goto();
    await shown(profile.emailUnproven);
    await screenshot(page, 'profile-email-unproven-desktop');

    // The code's own rule is checked before any call.
    const verifyCalls = logRequests(page, '/api/auth/email/verify');
    await profile.verifyEmail.click();
    await shown(profile.error);
    expect(await profile.error.textContent()).toBe(english(EMAIL_MESSAGES.codeMissing));
    expect(verifyCalls.count()).toBe(0);

    await profile.sendVerificationCode.click();
    await shown(note(page, english(EMAIL_MESSAGES.codeSent)));
    const mail = await waitForMail(e2e.server.mailDir, client.email);
    const code = resetCodeIn(mail);
    expect(mail.text).toContain('"Verify email"');

    await profile.verificationCode.fill(anotherCode(code));
    await profile.verifyEmail.click();
    await shown(profile.error);
    expect(await profile.error.textContent()).toBe(english(EMAIL_MESSAGES.wrongCode));
    expect((await accountOf(e2e.server, client.email)).email_verified).toBe(0);

    await profile.verificationCode.fill(code);
    await profile.verifyEmail.click();
    await shown(profile.emailProven);
    await shown(note(page, english(EMAIL_MESSAGES.verified)));
    expect(await profile.sendVerificationCode.count()).toBe(0);
    expect(await storedSessionUser(page)).toMatchObject({ emailVerified: true });
    expect((await accountOf(e2e.server, client.email)).email_verified).toBe(1);
    await screenshot(page, 'profile-email-proven-desktop');
    await page.reload();
    await shown(profile.emailProven);

    // A new email is unproven until its own code is entered.
    const newEmail = `${client.username}.new@example.org`;
    await profile.choose('Email');
    await profile.newEmail.fill(newEmail);
    await profile.currentPassword.fill(client.password);
    await profile.submit.click();
    await shown(profile.emailUnproven);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    expect(await storedSessionUser(page)).toMatchObject({
      email: newEmail,
      emailVerified: false,
    });
    await profile.goto();
    await shown(profile.emailUnproven);
    expect(await page.getByRole('main').textContent()).toContain(newEmail);
    expect(verifyCalls.count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('fits a phone, says when a code expired, and shows a proof made elsewhere when it opens', async () => {
    const { page } = await e2e.open(PHONE);
    const client = await aClient(e2e.server, 'wren');
    await logInAsClient(page, client);
    const profile = new ProfilePage(page);
    await profile.goto();
    await shown(profile.emailUnproven);
    await profile.sendVerificationCode.click();
    await shown(note(page, english(EMAIL_MESSAGES.codeSent)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await screenshot(page, 'profile-email-unproven-phone');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A code past its 15 minutes: the server's word for it, under the field.
    const code = resetCodeIn(await waitForMail(e2e.server.mailDir, client.email));
    await e2e.server.db
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', client.id)
      .execute();
    await profile.verificationCode.fill(code);
    await profile.verifyEmail.click();
    await shown(profile.error);
    expect(await profile.error.textContent()).toBe(english(EMAIL_MESSAGES.expired));
    await shown(profile.emailUnproven);

    // Proven in another tab or on the recovery page: the stored copy still says unproven,
    // the profile asks the server when it opens.
    await markProven(e2e.server, client.id);
    await page.goto('/');
    await profile.goto();
    await shown(profile.emailProven);
    expect(await storedSessionUser(page)).toMatchObject({ emailVerified: true });
    await screenshot(page, 'profile-email-proven-phone');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

interface Applicants {
  proven: TestClient;
  unproven: TestClient;
  newcomer: { email: string };
}

async function seedApplicants(prefix: string): Promise<Applicants> {
  const { db } = e2e.server;
  const proven = await aClient(e2e.server, `${prefix}pro`);
  await markProven(e2e.server, proven.id);
  const unproven = await aClient(e2e.server, `${prefix}unp`);
  await anApplication(db, { firstName: 'Pat', lastName: 'Proven', email: proven.email });
  await anApplication(db, { firstName: 'Uma', lastName: 'Unproven', email: unproven.email });
  const newcomer = await anApplication(db, { firstName: 'Nia', lastName: 'Brooks' });
  return { proven, unproven, newcomer };
}

async function approve(applications: AdminApplicationsPage, email: string): Promise<string> {
  await applications.action(email, 'Approve').click();
  await shown(applications.row('Approved', email));
  return (await applications.notice.textContent()) ?? '';
}

async function openApplications(viewport: Viewport) {
  const admin = await anAdmin(e2e.server);
  const opened = await e2e.open(viewport);
  await logInAsAdmin(opened.page, admin);
  const applications = new AdminApplicationsPage(opened.page);
  await applications.goto();
  return { ...opened, applications };
}

describe('approving an application', () => {
  it('an unproven account stays a CLIENT until the mailed code is used on /reset_password', async () => {
    const unproven = await aClient(e2e.server, 'unp');
    await anApplication(e2e.server.db, { firstName: 'Uma', email: unproven.email });
    const { page, errors, applications } = await openApplications(DESKTOP);
    await shown(applications.row('Pending', unproven.email));
    expect(await approve(applications, unproven.email)).toBe(
      APPROVAL_NOTICES.waitsForCode(unproven.username),
    );
    expect((await accountOf(e2e.server, unproven.email)).role).toBe('CLIENT');
    await screenshot(page, 'admin-applications-approved-unproven-desktop');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    // The owner of the email follows the mail: the account becomes a volunteer only then.
    await followMailToSignIn(unproven.email, 'harbor42lantern', 'approval-unproven');
    const after = await accountOf(e2e.server, unproven.email);
    expect(after).toMatchObject({ role: 'VOLUNTEER', email_verified: 1 });
  });

  it('a proven account becomes a volunteer at once', async () => {
    const proven = await aClient(e2e.server, 'pro');
    await markProven(e2e.server, proven.id);
    await anApplication(e2e.server.db, { firstName: 'Pat', email: proven.email });
    const { page, errors, applications } = await openApplications(DESKTOP);
    await shown(applications.row('Pending', proven.email));
    expect(await approve(applications, proven.email)).toBe(
      APPROVAL_NOTICES.promoted(proven.username),
    );
    expect((await accountOf(e2e.server, proven.email)).role).toBe('VOLUNTEER');
    await screenshot(page, 'admin-applications-approved-proven-desktop');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a new applicant follows the welcome mail to a working volunteer sign-in', async () => {
    const newcomer = await anApplication(e2e.server.db, { firstName: 'Nia', lastName: 'Brooks' });
    const { page, errors, applications } = await openApplications(DESKTOP);
    await shown(applications.row('Pending', newcomer.email));
    const notice = await approve(applications, newcomer.email);
    await screenshot(page, 'admin-applications-approved-new-desktop');

    // Issue 14 item 6: the mail alone gets the new volunteer in.
    const volunteer = await followMailToSignIn(newcomer.email, 'meadow7compass', 'welcome');
    await screenshot(volunteer, 'welcome-signed-in-volunteer-phone');
    const account = await accountOf(e2e.server, newcomer.email);
    expect(account).toMatchObject({ role: 'VOLUNTEER', email_verified: 1 });
    expect(notice).toBe(APPROVAL_NOTICES.created(account.username));
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('tells each case on a phone, in view and without sideways scrolling', async () => {
    const { proven, unproven, newcomer } = await seedApplicants('c');
    const { page, applications } = await openApplications(PHONE);
    await shown(applications.row('Pending', newcomer.email));
    const cases = [
      [proven.email, APPROVAL_NOTICES.promoted(proven.username), 'proven'],
      [unproven.email, APPROVAL_NOTICES.waitsForCode(unproven.username), 'unproven'],
    ] as const;
    for (const [email, text, name] of cases) {
      await applications.row('Pending', email).scrollIntoViewIfNeeded();
      expect(await approve(applications, email)).toBe(text);
      expect(await applications.notice.isVisible()).toBe(true);
      expect(await isInViewport(applications.notice)).toBe(true);
      await screenshot(page, `admin-applications-approved-${name}-phone`);
    }
    await applications.row('Pending', newcomer.email).scrollIntoViewIfNeeded();
    const account = () => accountOf(e2e.server, newcomer.email);
    const notice = await approve(applications, newcomer.email);
    expect(notice).toBe(APPROVAL_NOTICES.created((await account()).username));
    expect(await isInViewport(applications.notice)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await screenshot(page, 'admin-applications-approved-new-phone');
  });
});

async function isInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}
