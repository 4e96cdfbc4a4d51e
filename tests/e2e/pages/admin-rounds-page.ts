// '/round_admin' (spec section 2 "Rounds administration").
import type { Locator, Page } from 'playwright-core';
import { shown } from '../helpers/waits.ts';
import { adminTable, rowWith } from './admin-table.ts';
import { control, field } from './controls.ts';

export interface RoundFields {
  title?: string;
  description?: string;
  location?: string;
  /** datetime-local values: YYYY-MM-DDTHH:mm */
  startTime?: string;
  endTime?: string;
  maxParticipants?: string;
  teamLeadId?: string;
  clinicianId?: string;
  status?: string;
}

const LABELS: Record<keyof RoundFields, string> = {
  title: 'Title',
  description: 'Description',
  location: 'Location',
  startTime: 'Start Time',
  endTime: 'End Time',
  maxParticipants: 'Max Participants',
  teamLeadId: 'Team Lead ID',
  clinicianId: 'Clinician ID',
  status: 'Status',
};

export class AdminRoundsPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly dialog: Locator;
  readonly notice: Locator;
  readonly backToDashboard: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Rounds Administration' });
    this.table = adminTable(page, 'Rounds');
    this.dialog = page.getByRole('dialog');
    // The page's record of the last action (the status region says it; ui/form-message.tsx).
    this.notice = page.getByRole('main').getByTestId('action-record');
    this.backToDashboard = control(page, 'Back to Dashboard');
  }

  async goto(): Promise<void> {
    await this.page.goto('/round_admin');
    await shown(this.heading);
  }

  tab(name: 'View Rounds' | 'Create Round' | 'Update Round'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  dialogTab(name: 'Details' | 'Run Lottery' | 'Manage Sign-ups'): Locator {
    return this.dialog.getByRole('tab', { name, exact: true });
  }

  row(title: string): Locator {
    return rowWith(this.table, title);
  }

  async fill(fields: RoundFields): Promise<void> {
    const form = this.page.getByRole('main');
    for (const [name, value] of Object.entries(fields) as [keyof RoundFields, string][]) {
      const input = field(form, LABELS[name]);
      if (name === 'status') await input.selectOption(value);
      else await input.fill(value);
    }
  }

  /** Opens a round's dialog by clicking its row. */
  async open(title: string): Promise<void> {
    await this.row(title).getByRole('cell').first().click();
    await shown(this.dialog);
  }
}
