// '/' for an admin (spec section 2 "Admin home"): the tool cards and the alerts panel.
import type { Dialog, Locator, Page } from 'playwright-core';
import { createUser, uniqueUsername, type E2eServer } from '../../support/e2e-server.ts';
import { shown } from '../helpers/waits.ts';
import { control } from './controls.ts';
import { LoginPage } from './login-page.ts';

export const ADMIN_CARDS = [
  ['Manage Cargo', '/cargo_admin'],
  ['All Orders', '/admin/orders'],
  ['Manage Volunteers', '/admin/applications'],
  ['Manage Users', '/admin/users'],
  ['Manage Round', '/round_admin'],
  ['View Feedback', '/admin/feedback'],
  ['Audit Log', '/admin/audit'],
  ['Devices', '/admin/devices'],
] as const;

export type AlertName =
  'Items out of stock' | 'Items running low' | 'New orders' | 'New volunteer applications';

export class AdminHomePage {
  readonly heading: Locator;
  readonly alerts: Locator;
  readonly refreshAlerts: Locator;
  readonly logout: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Admin Dashboard' });
    this.alerts = page.getByRole('list', { name: 'Alerts' });
    this.refreshAlerts = control(page, 'Refresh Alerts');
    this.logout = control(page.getByRole('banner'), 'Logout');
  }

  card(title: string): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^${title}\\b`) });
  }

  alert(name: AlertName): Locator {
    return this.alerts.getByRole('link', { name: new RegExp(`^${name}: \\d+`) });
  }

  /** The alert's count as shown. */
  async count(name: AlertName): Promise<number> {
    const text = (await this.alert(name).textContent()) ?? '';
    const match = new RegExp(`^${name}: (\\d+)`).exec(text);
    if (match === null) throw new Error(`no count in "${text}"`);
    return Number(match[1]);
  }

  /** Waits until the alert shows `expected` (reloading the panel meanwhile). */
  async waitForCount(name: AlertName, expected: number): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      await shown(this.alert(name));
      const seen = await this.count(name);
      if (seen === expected) return;
      if (Date.now() > deadline) throw new Error(`${name}: ${seen}, expected ${expected}`);
      await this.refreshAlerts.click();
      await this.page.waitForTimeout(200);
    }
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await shown(this.heading);
  }
}

export interface TestAdmin {
  id: number;
  username: string;
  password: string;
}

/** An ADMIN made in the server's database, with a password the real login accepts. */
export async function anAdmin(server: E2eServer): Promise<TestAdmin> {
  const username = uniqueUsername('admin');
  const password = 'adminpass123';
  const { id } = await createUser(server.db, { username, password, role: 'ADMIN' });
  return { id, username, password };
}

/** Signs in through /login and waits for the admin home. */
export async function logInAsAdmin(page: Page, admin: TestAdmin): Promise<AdminHomePage> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logInAs(admin.username, admin.password);
  const home = new AdminHomePage(page);
  await shown(home.heading);
  return home;
}

/** An answer to a window.alert/confirm/prompt: the prompt's text, or false to dismiss. */
export type DialogAnswer = string | boolean;

function answer(dialog: Dialog, with_: DialogAnswer): Promise<void> {
  if (with_ === false) return dialog.dismiss();
  return typeof with_ === 'string' ? dialog.accept(with_) : dialog.accept();
}

/** Answers the next dialog and resolves to its message. */
export function nextDialog(page: Page, with_: DialogAnswer = true): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      void answer(dialog, with_).then(() => resolve(dialog.message()));
    });
  });
}

/**
 * Answers the next dialogs in turn (a prompt, then the alert that follows it) and records their
 * messages; registered once up front, so a quick second dialog is never missed.
 */
export function answerDialogs(page: Page, answers: DialogAnswer[]): string[] {
  const messages: string[] = [];
  const queue = [...answers];
  const handler = (dialog: Dialog) => {
    messages.push(dialog.message());
    void answer(dialog, queue.shift() ?? false);
    if (queue.length === 0) page.off('dialog', handler);
  };
  page.on('dialog', handler);
  return messages;
}
