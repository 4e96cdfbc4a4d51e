// The admin console passes axe's WCAG 2.1 A/AA rules with data on every screen, and in its
// drawers and dialogs (spec section 2's admin screens).
import { describe, expect, it } from 'vitest';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignup,
  createTestRound,
  createUser,
} from '../support/factories.ts';
import { DESKTOP, PHONE } from '../support/chromium.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { useE2e } from './helpers/harness.ts';
import { shown } from './helpers/waits.ts';
import { AdminCargoPage } from './pages/admin-cargo-page.ts';
import { anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { AdminApplicationsPage, AdminFeedbackPage } from './pages/admin-lists-page.ts';
import { AdminOrdersPage } from './pages/admin-orders-page.ts';
import { AdminRoundsPage } from './pages/admin-rounds-page.ts';
import { aFeedback, anApplication } from './pages/admin-seed.ts';
import { AdminUsersPage } from './pages/admin-users-page.ts';

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

    const applications = new AdminApplicationsPage(page);
    await applications.goto();
    await shown(applications.table('Pending'));
    await scan('applications');

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
