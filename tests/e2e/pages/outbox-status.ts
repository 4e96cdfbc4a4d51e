// What the offline layer shows on every screen (issue 3, DESIGN.md offline rule 7): the status
// bar (offline badge, pending-changes count, sign-in banner, update prompt) and the outbox list
// the count opens ('Changes on this device': Needs attention, Sending, Queued).
import type { Locator, Page } from 'playwright-core';
import { control } from './controls.ts';

export class OfflineStatusBar {
  readonly bar: Locator;
  readonly offlineBadge: Locator;
  readonly signInBanner: Locator;
  readonly signInLink: Locator;
  readonly updatePrompt: Locator;
  readonly reload: Locator;

  constructor(readonly page: Page) {
    this.bar = page.getByRole('region', { name: 'Connection and sync status', exact: true });
    this.offlineBadge = this.bar.getByRole('status').getByText('Offline', { exact: true });
    this.signInBanner = this.bar.getByRole('status').filter({ hasText: /sign in to send them/ });
    this.signInLink = this.signInBanner.getByRole('link', { name: 'Log in', exact: true });
    this.updatePrompt = this.bar.getByRole('status').filter({ hasText: /new version/ });
    this.reload = control(this.updatePrompt, 'Reload');
  }

  /** The pending-changes count, e.g. '2 changes waiting' (a button that opens the outbox). */
  pendingCount(text: string): Locator {
    return this.bar.getByRole('button', { name: text, exact: true });
  }

  /** Any pending-changes count (the bar shows at most one). */
  get anyPendingCount(): Locator {
    return this.bar.getByRole('button', { name: /waiting|attention|Outbox/ });
  }

  async openOutbox(countText: string): Promise<OutboxDialog> {
    await this.pendingCount(countText).click();
    const dialog = new OutboxDialog(this.page);
    await dialog.root.waitFor();
    return dialog;
  }
}

export type OutboxSection = 'Needs attention' | 'Sending' | 'Queued';

export class OutboxDialog {
  readonly root: Locator;
  readonly empty: Locator;
  readonly close: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Changes on this device', exact: true });
    this.empty = this.root.getByText('Nothing is waiting to be sent.', { exact: true });
    this.close = control(this.root, 'Close');
  }

  section(name: OutboxSection): Locator {
    return this.root.getByRole('region', { name, exact: true });
  }

  /** The entries of one section (list items), optionally only those with a label. */
  entries(section: OutboxSection, label?: string): Locator {
    const items = this.section(section).getByRole('listitem');
    return label === undefined ? items : items.filter({ hasText: label });
  }

  discard(entry: Locator): Locator {
    return control(entry, 'Discard');
  }

  retry(entry: Locator): Locator {
    return control(entry, 'Retry');
  }
}
