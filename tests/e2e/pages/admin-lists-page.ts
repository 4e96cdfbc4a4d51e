// '/admin/applications' and '/admin/feedback' (spec section 2): tables only.
import type { Locator, Page } from 'playwright-core';
import { shown } from '../helpers/waits.ts';
import { adminTable, rowWith } from './admin-table.ts';
import { control } from './controls.ts';

export class AdminApplicationsPage {
  readonly heading: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Volunteer Applications' });
    // The page's record of the last action (the status region says it; ui/form-message.tsx).
    this.notice = page.getByRole('main').getByTestId('action-record');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/applications');
    await shown(this.heading);
  }

  table(name: 'Pending' | 'Approved' | 'Rejected'): Locator {
    return adminTable(this.page, `${name} applications`);
  }

  row(name: 'Pending' | 'Approved' | 'Rejected', email: string): Locator {
    return rowWith(this.table(name), email);
  }

  action(email: string, action: 'Approve' | 'Reject'): Locator {
    return control(this.row('Pending', email), action);
  }
}

export class AdminFeedbackPage {
  readonly heading: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'View Feedback' });
    this.table = adminTable(page, 'Feedback');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/feedback');
    await shown(this.heading);
  }

  row(content: string): Locator {
    return rowWith(this.table, content);
  }
}
