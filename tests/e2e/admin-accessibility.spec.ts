// The admin console passes axe's WCAG 2.1 A/AA rules with data on every screen, and in its
// drawers and dialogs (spec section 2's admin screens), on a phone and a desktop; by keyboard,
// Tab reaches every control of each screen and every drawer and dialog takes focus, keeps it and
// gives it back to the control that opened it (issue 7 item 6).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignup,
  createTestRound,
  createUser,
} from '../support/factories.ts';
import { DESKTOP, PHONE } from '../support/chromium.ts';
import { accessibilityViolations, AxeLog } from './helpers/axe.ts';
import { useE2e } from './helpers/harness.ts';
import { checkDialogKeyboard, tabThroughPage, WELL_BEHAVED } from './helpers/keyboard.ts';
import { gone, shown } from './helpers/waits.ts';
import { AdminCargoPage } from './pages/admin-cargo-page.ts';
import { anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { AdminApplicationsPage, AdminFeedbackPage } from './pages/admin-lists-page.ts';
import { AdminOrdersPage } from './pages/admin-orders-page.ts';
import { AdminRoundsPage } from './pages/admin-rounds-page.ts';
import { aFeedback, anApplication } from './pages/admin-seed.ts';
import { AdminUsersPage } from './pages/admin-users-page.ts';
import { control, field } from './pages/controls.ts';

const e2e = useE2e();

async function seed(): Promise<void> {
  const { db } = e2e.server;
  await createCatalogueItem(db, { name: 'Socks', sizes: { S: 0, M: 3, L: 12 } });
  const roundId = await createTestRound(db);
  await createOrderOnRound(db, roundId);
  const volunteer = await createUser(db, { role: 'VOLUNTEER', firstName: 'Ana' });
  await createSignup(db, roundId, volunteer.id, 'WAITLISTED');
  await anApplication(db);
  await aFeedback(db, 'Thanks for the blankets.');
}

describe('admin console accessibility', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('has no axe violations on a %s', async (name, viewport) => {
    if (name === 'phone') await seed();
    const admin = await anAdmin(e2e.server);
    const { page } = await e2e.open(viewport);
    const home = await logInAsAdmin(page, admin);
    await shown(home.alerts);
    const found: string[] = [];
    const scan = async (where: string) => {
      found.push(...(await accessibilityViolations(page)).map((v) => `${where}: ${v}`));
    };
    await scan('home');

    const cargo = new AdminCargoPage(page);
    await cargo.goto();
    await shown(cargo.row('Socks'));
    await scan('cargo');
    await cargo.addNewItem.click();
    await cargo.fillItem({ name: 'Gloves', sizes: [['M', '4']] });
    await scan('add item drawer');
    await page.keyboard.press('Escape');

    const orders = new AdminOrdersPage(page);
    await orders.goto();
    await shown(orders.table);
    await scan('orders');

    // An application whose email an unproven account uses: Approve tells the admin it waits.
    const applicant = await createUser(e2e.server.db, { role: 'CLIENT' });
    await anApplication(e2e.server.db, { email: applicant.email });
    const applications = new AdminApplicationsPage(page);
    await applications.goto();
    await shown(applications.table('Pending'));
    await scan('applications');
    await applications.action(applicant.email, 'Approve').click();
    await shown(applications.notice);
    await scan('applications after an approval');

    const users = new AdminUsersPage(page);
    await users.goto();
    await shown(users.table);
    await scan('users');
    await users.addNewUser.click();
    await shown(users.dialog);
    await scan('add user dialog');
    await page.keyboard.press('Escape');

    const rounds = new AdminRoundsPage(page);
    await rounds.goto();
    await shown(rounds.table);
    await scan('rounds');
    await rounds.tab('Create Round').click();
    await scan('create round');
    await rounds.tab('View Rounds').click();
    await rounds.open((await rounds.table.getByRole('button').first().textContent()) ?? '');
    await rounds.dialogTab('Manage Sign-ups').click();
    await shown(rounds.dialog.getByRole('table'));
    await scan('round dialog');
    await page.keyboard.press('Escape');

    const feedback = new AdminFeedbackPage(page);
    await feedback.goto();
    await shown(feedback.table);
    await scan('feedback');
    expect(found).toEqual([]);
  });
});

interface EditWorld {
  itemId: number;
  itemName: string;
  roundId: number;
  roundTitle: string;
  volunteer: string;
}

/** An item, a round with a waitlisted volunteer on it: what the update forms load. */
async function seedEdits(tag: string): Promise<EditWorld> {
  const { db } = e2e.server;
  const item = await createCatalogueItem(db, { name: `Gloves ${tag}`, sizes: { M: 4 } });
  const roundId = await createTestRound(db);
  const volunteer = await createUser(db, { role: 'VOLUNTEER', firstName: 'Eli' });
  await createSignup(db, roundId, volunteer.id, 'WAITLISTED');
  const round = await db
    .selectFrom('rounds')
    .select('title')
    .where('id', '=', roundId)
    .executeTakeFirstOrThrow();
  return {
    itemId: item.id,
    itemName: item.name,
    roundId,
    roundTitle: round.title,
    volunteer: volunteer.username,
  };
}

/** Update Item: the drawer with the item loaded. */
async function loadItem(cargo: AdminCargoPage, itemId: number): Promise<void> {
  await cargo.drawerField('Item ID').fill(String(itemId));
  await control(cargo.drawer, 'Load Item').click();
  await shown(cargo.drawerField('Name'));
}

async function scanUpdateForms(page: Page, world: EditWorld, axe: AxeLog): Promise<void> {
  const cargo = new AdminCargoPage(page);
  await cargo.goto();
  await cargo.updateItem.click();
  await shown(cargo.drawer);
  await axe.scan('update item drawer, asking for the id');
  await loadItem(cargo, world.itemId);
  await axe.scan('update item drawer, loaded');
  await page.keyboard.press('Escape');

  const users = new AdminUsersPage(page);
  await users.goto();
  await users.action(world.volunteer, 'Update').click();
  await shown(users.dialog);
  await axe.scan('update user dialog');
  await page.keyboard.press('Escape');
  await users.action(world.volunteer, 'Update Subrole').click();
  await shown(users.dialog);
  await axe.scan('update subrole dialog');
  await page.keyboard.press('Escape');
}

async function scanRoundForms(page: Page, world: EditWorld, axe: AxeLog): Promise<void> {
  const rounds = new AdminRoundsPage(page);
  await rounds.goto();
  await rounds.tab('Update Round').click();
  await shown(page.getByLabel('Round ID'));
  await axe.scan('update round, asking for the id');
  await page.getByLabel('Round ID').fill(String(world.roundId));
  await control(page, 'Load Round').click();
  await shown(field(page.getByRole('main'), 'Title'));
  await axe.scan('update round, loaded');

  await rounds.tab('View Rounds').click();
  await rounds.open(world.roundTitle);
  await axe.scan('round dialog, Details');
  await rounds.dialogTab('Run Lottery').click();
  await axe.scan('round dialog, Run Lottery');
  await page.keyboard.press('Escape');
}

describe('admin update forms accessibility', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('the update drawer, dialogs and forms pass axe on a %s', async (name, viewport) => {
    const world = await seedEdits(name);
    const { page } = await e2e.open(viewport);
    await logInAsAdmin(page, await anAdmin(e2e.server));
    const axe = new AxeLog(page);
    await scanUpdateForms(page, world, axe);
    await scanRoundForms(page, world, axe);
    expect(axe.found).toEqual([]);
  });
});

describe('admin console by keyboard', () => {
  it('Tab reaches every control of each screen', async () => {
    await seedEdits('tab');
    await anApplication(e2e.server.db);
    await aFeedback(e2e.server.db, 'Warm socks, thank you.');
    const { page } = await e2e.open(DESKTOP);
    const home = await logInAsAdmin(page, await anAdmin(e2e.server));
    await shown(home.alerts);
    const missed: string[] = [];
    const walk = async (where: string) => {
      missed.push(...(await tabThroughPage(page)).missed.map((m) => `${where}: ${m}`));
    };
    await walk('home');
    const screens = [
      new AdminCargoPage(page),
      new AdminOrdersPage(page),
      new AdminApplicationsPage(page),
      new AdminUsersPage(page),
      new AdminRoundsPage(page),
      new AdminFeedbackPage(page),
    ];
    for (const screen of screens) {
      await screen.goto();
      await page.waitForLoadState('networkidle');
      await walk(screen.constructor.name);
    }
    expect(missed).toEqual([]);

    // The main action from the keyboard: a home card opens its screen.
    await home.goto();
    await home.card('Manage Users').focus();
    await page.keyboard.press('Enter');
    await shown(new AdminUsersPage(page).heading);
  });

  it('every drawer and dialog traps focus and gives it back', async () => {
    const world = await seedEdits('kb');
    const { page } = await e2e.open(DESKTOP);
    await logInAsAdmin(page, await anAdmin(e2e.server));
    const cargo = new AdminCargoPage(page);
    await cargo.goto();
    await shown(cargo.row(world.itemName));
    const report: Record<string, unknown> = {};
    report['Add New Item'] = await checkDialogKeyboard(cargo.addNewItem, cargo.drawer);
    report['Update Item'] = await checkDialogKeyboard(cargo.updateItem, cargo.drawer, {
      prepare: () => loadItem(cargo, world.itemId),
    });

    const users = new AdminUsersPage(page);
    await users.goto();
    await shown(users.row(world.volunteer));
    report['Add New User'] = await checkDialogKeyboard(users.addNewUser, users.dialog);
    report.Update = await checkDialogKeyboard(
      users.action(world.volunteer, 'Update'),
      users.dialog,
    );
    report['Update Subrole'] = await checkDialogKeyboard(
      users.action(world.volunteer, 'Update Subrole'),
      users.dialog,
    );

    const rounds = new AdminRoundsPage(page);
    await rounds.goto();
    await shown(rounds.row(world.roundTitle));
    const title = control(rounds.row(world.roundTitle), world.roundTitle);
    report['round dialog'] = await checkDialogKeyboard(title, rounds.dialog, {
      prepare: () => shown(rounds.dialogTab('Details')),
    });
    const expected = Object.fromEntries(Object.keys(report).map((k) => [k, WELL_BEHAVED]));
    expect(report).toEqual(expected);

    // A dialog's form submits from the keyboard: the subrole saves with Enter on its button.
    await users.goto();
    await users.action(world.volunteer, 'Update Subrole').focus();
    await page.keyboard.press('Enter');
    await field(users.dialog, 'Subrole').selectOption('CLINICIAN');
    await control(users.dialog, 'Submit Subrole Update').focus();
    await page.keyboard.press('Enter');
    await gone(users.dialog);
    await shown(users.row(world.volunteer).getByText('VOLUNTEER (CLINICIAN)'));
  });
});
