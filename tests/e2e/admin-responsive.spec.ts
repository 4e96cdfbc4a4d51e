// Admin lists on a phone and a desktop (issue 20 items 1, 7 and 9): on every admin list, at
// 390×844 and 1280×800, each row's actions are inside the viewport once the row is scrolled
// into view vertically, no scrolling sideways (of the page or of a table's box) is needed to
// reach them, nothing covers them, and one of them works; every table fits its box (no column
// hidden behind another); statuses look different from one another; the screens are axe clean.
// Between the two (a tablet), All Orders scrolls inside its box and says so.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Db } from '#server/db/kysely';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignup,
  createTestRound,
  createUser,
} from '../support/factories.ts';
import { DESKTOP, PHONE, screenshot, type Viewport } from '../support/chromium.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { AdminCargoPage } from './pages/admin-cargo-page.ts';
import { anAdmin, logInAsAdmin, type TestAdmin } from './pages/admin-home-page.ts';
import { AdminApplicationsPage } from './pages/admin-lists-page.ts';
import { AdminOrdersPage } from './pages/admin-orders-page.ts';
import { AdminRoundsPage } from './pages/admin-rounds-page.ts';
import { aFeedback, anApplication } from './pages/admin-seed.ts';
import { adminTable, rowWith } from './pages/admin-table.ts';
import { AdminUsersPage } from './pages/admin-users-page.ts';
import { control } from './pages/controls.ts';

const e2e = useE2e();

const LONG_ADDRESS =
  'Flat 4B, Riverside Community Housing, 1187 Westbourne Park Road, behind the bus depot';
const LONG_NOTE = 'Please knock twice and ask for Sam at the side door; the bell does not work.';

/** The world both sizes look at, made once. */
interface World {
  admin: TestAdmin;
  roundTitle: string;
  roundId: number;
  itemName: string;
}

let world: Promise<World> | undefined;

async function seedWorld(db: Db): Promise<World> {
  const item = await createCatalogueItem(db, { name: 'Socks', sizes: { S: 0, M: 3, L: 12 } });
  await createCatalogueItem(db, { name: 'Thermal blanket, double, wool', quantity: 4 });
  const roundId = await createTestRound(db, { title: 'Riverside evening round' });
  await createTestRound(db, { location: 'Community kitchen, 22 Harbour Street (back door)' });
  for (const status of ['PENDING', 'PROCESSING'] as const) {
    await createOrderOnRound(db, roundId, {
      status,
      deliveryAddress: LONG_ADDRESS,
      notes: LONG_NOTE,
      items: [
        { itemName: 'Socks (L)', quantity: 2 },
        { itemName: 'Thermal blanket, double, wool', quantity: 1 },
      ],
    });
  }
  await createOrderOnRound(db, null, { status: 'COMPLETED' });
  const volunteer = await createUser(db, { role: 'VOLUNTEER', firstName: 'Ana' });
  await createUser(db, { role: 'CLIENT', email: 'a.rather.long.address@example.org' });
  await createSignup(db, roundId, volunteer.id, 'CONFIRMED');
  await aFeedback(db, 'Thanks for the blankets. '.repeat(8), 'Jo');
  await aFeedback(db, 'The socks were the right size.', null);
  await db
    .insertInto('device_reports')
    .values({
      device_id: 'phone-of-ana-0000-0000',
      user_id: volunteer.id,
      pending_count: 2,
      oldest_pending_at: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
      last_sync_at: new Date(Date.now() - 3 * 60 * 60_000).toISOString(),
      attention_count: 1,
      app_version: '0.1.0',
      reported_at: new Date().toISOString(),
    })
    .execute();
  const admin = await anAdmin(e2e.server);
  return { admin, roundTitle: 'Riverside evening round', roundId, itemName: item.name };
}

function theWorld(): Promise<World> {
  world ??= seedWorld(e2e.server.db);
  return world;
}

/**
 * What keeps each control in the table's rows from being used where it stands: brought into
 * view (vertically: the page and the dialog scroll up and down), it must be inside the viewport
 * width, no box may have scrolled sideways to show it, and the element at its centre must be
 * itself or inside it.
 */
function blockedControls(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const problems: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}"` +
      ` in row "${(el.closest('tr')?.textContent ?? '').trim().slice(0, 30)}"`;
    // Any box between the control and the page (the table's, a dialog's, the page) that had
    // to scroll sideways to bring it into view.
    const sideways = (el: Element) => {
      for (let box: Element | null = el; box !== null; box = box.parentElement)
        if (box.scrollLeft !== 0) return true;
      return false;
    };
    const controls = root.querySelectorAll('tbody :is(button, select, input, a[href])');
    for (const el of controls) {
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) problems.push(`${describe(el)}: not shown`);
      else if (box.left < 0 || box.right > window.innerWidth)
        problems.push(`${describe(el)}: outside the viewport (${box.left}–${box.right})`);
      else if (sideways(el)) problems.push(`${describe(el)}: needed a sideways scroll`);
      else {
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (hit === null || (hit !== el && !el.contains(hit)))
          problems.push(`${describe(el)}: covered by ${hit === null ? 'nothing' : describe(hit)}`);
      }
    }
    if (controls.length === 0 && root.querySelector('tbody tr') === null) problems.push('no rows');
    return problems;
  });
}

/** Tables whose box scrolls sideways (a column hidden until scrolled to). */
function scrollingTables(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll('table')]
      .filter((table) => {
        const box = table.parentElement;
        return box !== null && box.scrollWidth > box.clientWidth + 1;
      })
      .map((table) => table.querySelector('caption')?.textContent ?? '?'),
  );
}

/** Fields whose text is under 16 px (iOS zooms into them when focused). */
function smallFields(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll('input:not([type=file]), select, textarea')]
      .filter((field) => parseFloat(getComputedStyle(field).fontSize) < 16)
      .map((field) => {
        const name = field.getAttribute('aria-label') ?? field.closest('label')?.textContent;
        return `${name ?? field.id}: text under 16 px`;
      }),
  );
}

interface Found {
  where: string;
  problem: string;
}

/** One screen's checks: its tables, its controls, the page's width, axe; a screenshot. */
async function check(page: Page, where: string, scope: Locator, size: string): Promise<Found[]> {
  const found: Found[] = [];
  const add = (problem: string) => found.push({ where, problem });
  (await blockedControls(scope)).forEach(add);
  (await scrollingTables(scope)).forEach((caption) => add(`table "${caption}" scrolls sideways`));
  const width = await page.evaluate(() => ({
    page: document.scrollingElement?.scrollWidth ?? 0,
    viewport: window.innerWidth,
  }));
  if (width.page > width.viewport) add(`the page is ${width.page} px wide`);
  (await smallFields(scope)).forEach(add);
  (await accessibilityViolations(page)).forEach(add);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `admin-responsive-${where.replace(/\W+/g, '-')}-${size}`);
  return found;
}

/** Picks another option of a select than the one it shows. */
async function pickAnother(select: Locator): Promise<void> {
  const other = await select.evaluate((el) => {
    const node = el as HTMLSelectElement;
    return [...node.options].find((option) => option.value !== node.value)?.value ?? null;
  });
  if (other === null) throw new Error('the select offers nothing else');
  await select.selectOption(other);
}

async function ordersList(page: Page, size: string): Promise<Found[]> {
  const orders = new AdminOrdersPage(page);
  await orders.goto();
  await shown(orders.table);
  await shown(orders.rowWith(LONG_NOTE));
  const found = await check(page, 'All Orders', page.getByRole('main'), size);
  // A real, harmless action: move the first open order to another round.
  await pickAnother(orders.table.getByRole('combobox').first());
  await shown(orders.notice);
  return found;
}

async function usersList(page: Page, size: string): Promise<Found[]> {
  const users = new AdminUsersPage(page);
  await users.goto();
  await shown(users.table);
  const found = await check(page, 'Users', page.getByRole('main'), size);
  await users.table.getByRole('button', { name: 'Update', exact: true }).first().click();
  await shown(users.dialog);
  await page.keyboard.press('Escape');
  await gone(users.dialog);
  return found;
}

async function applicationsList(page: Page, size: string): Promise<Found[]> {
  const mine = await anApplication(e2e.server.db, { firstName: `Kim ${size}` });
  const applications = new AdminApplicationsPage(page);
  await applications.goto();
  await shown(applications.row('Pending', mine.email));
  const found = await check(page, 'Applications', page.getByRole('main'), size);
  await applications.action(mine.email, 'Approve').click();
  await shown(applications.row('Approved', mine.email));
  return found;
}

async function cargoList(page: Page, size: string, itemName: string): Promise<Found[]> {
  const cargo = new AdminCargoPage(page);
  await cargo.goto();
  await shown(cargo.row(itemName));
  const found = await check(page, 'Cargo', page.getByRole('main'), size);
  await control(cargo.row(itemName), `Update ${itemName}`).click();
  await shown(cargo.drawer);
  await page.keyboard.press('Escape');
  await gone(cargo.drawer);
  // The drawer's fields, a size row's included, are 16 px like every other.
  await cargo.addNewItem.click();
  await cargo.fillItem({ name: 'Gloves', sizes: [['M', '4']] });
  (await smallFields(cargo.drawer)).forEach((problem) => found.push({ where: 'drawer', problem }));
  await page.keyboard.press('Escape');
  await gone(cargo.drawer);
  return found;
}

/** The rounds table, then the round dialog's sign-ups (a table in a dialog). */
async function roundsList(page: Page, size: string, w: World): Promise<Found[]> {
  const { db } = e2e.server;
  const waiting = await createUser(db, { role: 'VOLUNTEER', firstName: `Wes ${size}` });
  await createSignup(db, w.roundId, waiting.id, 'WAITLISTED');
  const rounds = new AdminRoundsPage(page);
  await rounds.goto();
  await shown(rounds.row(w.roundTitle));
  const found = await check(page, 'Rounds', page.getByRole('main'), size);
  await control(rounds.row(w.roundTitle), w.roundTitle).click();
  await shown(rounds.dialog);
  await rounds.dialogTab('Manage Sign-ups').click();
  const signups = adminTable(rounds.dialog, 'Sign-ups');
  await shown(rowWith(signups, waiting.username));
  found.push(...(await check(page, 'Sign-ups', rounds.dialog, size)));
  await control(rowWith(signups, waiting.username), 'Confirm').click();
  await shown(rowWith(signups, waiting.username).getByText('CONFIRMED'));
  await page.keyboard.press('Escape');
  await gone(rounds.dialog);
  return found;
}

/** A list without row actions: its Refresh works and the table stays. */
async function readOnlyList(page: Page, path: string, title: string, size: string) {
  await page.goto(path);
  await shown(page.getByRole('heading', { name: title }));
  const table = page.getByRole('main').getByRole('table').first();
  await shown(table.getByRole('row').nth(1));
  const found = await check(page, title, page.getByRole('main'), size);
  await control(page.getByRole('main'), 'Refresh').click();
  await shown(table.getByRole('row').nth(1));
  return found;
}

describe('admin lists on a phone and a desktop', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as [string, Viewport][])(
    'every row’s actions are in view, uncovered and working on a %s',
    async (size, viewport) => {
      const w = await theWorld();
      const { page, errors } = await e2e.open(viewport);
      await logInAsAdmin(page, w.admin);
      const found = [
        ...(await ordersList(page, size)),
        ...(await usersList(page, size)),
        ...(await applicationsList(page, size)),
        ...(await cargoList(page, size, w.itemName)),
        ...(await roundsList(page, size, w)),
        ...(await readOnlyList(page, '/admin/feedback', 'View Feedback', size)),
        ...(await readOnlyList(page, '/admin/devices', 'Devices', size)),
        ...(await readOnlyList(page, '/admin/audit', 'Audit Log', size)),
      ];
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    },
    // Eight screens, each scanned by axe, on a machine other tests share.
    240_000,
  );

  it('the admin home and the lists share one width and header; Refresh Alerts stands apart', async () => {
    const w = await theWorld();
    const { page } = await e2e.open(DESKTOP);
    const home = await logInAsAdmin(page, w.admin);
    await shown(home.alerts);
    // The banner's content and the main column, as boxes.
    const frame = () =>
      page.evaluate(() => {
        const box = (el: Element | null | undefined) => {
          const r = el?.getBoundingClientRect();
          return r === undefined ? null : `${Math.round(r.left)}+${Math.round(r.width)}`;
        };
        return {
          header: box(document.querySelector('header')?.firstElementChild),
          main: box(document.querySelector('main')),
        };
      });
    const onHome = await frame();
    await screenshot(page, 'admin-responsive-home-desktop');
    const gap = await page.evaluate(() => {
      const list = document.querySelector('ul[aria-label="Alerts"]')?.getBoundingClientRect();
      const button = [...document.querySelectorAll('button')]
        .find((b) => b.textContent === 'Refresh Alerts')
        ?.getBoundingClientRect();
      return list === undefined || button === undefined ? -1 : button.top - list.bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(12);
    for (const path of ['/admin/orders', '/cargo_admin', '/round_admin', '/admin/audit']) {
      await page.goto(path);
      await shown(page.getByRole('main').getByRole('heading', { level: 1 }));
      expect({ path, ...(await frame()) }).toEqual({ path, ...onHome });
    }
  });

  it('on a tablet, All Orders scrolls inside its box and says so; on a desktop it fits', async () => {
    const w = await theWorld();
    const { page } = await e2e.open(DESKTOP);
    await logInAsAdmin(page, w.admin);
    const orders = new AdminOrdersPage(page);
    await orders.goto();
    await shown(orders.rowWith(LONG_NOTE));
    const hint = page.getByText('Scroll sideways to see every column');
    expect(await hint.count()).toBe(0);
    await page.setViewportSize({ width: 800, height: 800 });
    await shown(hint);
    await screenshot(page, 'admin-responsive-All-Orders-tablet');
    expect(await scrollingTables(page.getByRole('main'))).toEqual(['Orders']);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(800);
    await page.setViewportSize(DESKTOP);
    await gone(hint);
  });

  it('each status has its own colours and a mark besides the colour', async () => {
    const w = await theWorld();
    const { page } = await e2e.open(DESKTOP);
    await logInAsAdmin(page, w.admin);
    const orders = new AdminOrdersPage(page);
    const looks = new Map<string, string>();
    for (const status of ['PENDING', 'COMPLETED'] as const) {
      await orders.goto();
      await orders.filter(status).click();
      const badge = orders.table.getByText(status, { exact: true }).first();
      await shown(badge);
      looks.set(
        status,
        await badge.evaluate((el) => {
          const style = getComputedStyle(el);
          // The mark: an icon (svg) inside the badge, hidden from screen readers.
          const mark = el.querySelector('svg[aria-hidden="true"]') !== null ? 'marked' : 'unmarked';
          return `${style.backgroundColor} ${style.color} ${mark}`;
        }),
      );
    }
    const [pending, completed] = [looks.get('PENDING'), looks.get('COMPLETED')];
    expect(pending).toMatch(/ marked$/);
    expect(completed).toMatch(/ marked$/);
    expect(pending).not.toBe(completed);
  });
});
