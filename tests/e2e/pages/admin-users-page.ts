// '/admin/users' (spec section 2 "Admin users").
import type { Locator, Page } from 'playwright-core';
import { shown } from '../helpers/waits.ts';
import { adminTable, rowWith } from './admin-table.ts';
import { control, field } from './controls.ts';

export interface UserFields {
  username?: string;
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
  role?: 'CLIENT' | 'VOLUNTEER';
}

const LABELS: Record<keyof UserFields, string> = {
  username: 'Username',
  email: 'Email',
  phone: 'Phone',
  firstName: 'First Name',
  lastName: 'Last Name',
  role: 'Role',
};

export class AdminUsersPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly addNewUser: Locator;
  readonly refresh: Locator;
  readonly dialog: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Manage Users' });
    this.table = adminTable(page, 'Users');
    this.addNewUser = control(page, 'Add New User');
    this.refresh = control(page, 'Refresh');
    this.dialog = page.getByRole('dialog');
    // The page's record of the last action (the status region says it; ui/form-message.tsx).
    this.notice = page.getByRole('main').getByTestId('action-record');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/users');
    await shown(this.heading);
  }

  row(username: string): Locator {
    return rowWith(this.table, username);
  }

  action(username: string, name: string): Locator {
    return control(this.row(username), name);
  }

  async fill(fields: UserFields): Promise<void> {
    for (const [name, value] of Object.entries(fields) as [keyof UserFields, string][]) {
      const input = field(this.dialog, LABELS[name]);
      if (name === 'role') await input.selectOption(value);
      else await input.fill(value);
    }
  }

  /** Adds a user through the form; resolves to the generated password it shows once. */
  async addUser(fields: UserFields): Promise<string> {
    await this.addNewUser.click();
    await shown(this.dialog);
    await this.fill(fields);
    await control(this.dialog, 'Create User').click();
    const password = this.dialog.getByRole('status').locator('code');
    await shown(password);
    return (await password.textContent()) ?? '';
  }
}
