// What every screen shares: the startup overlay, the 'Security Error' screen and the
// 'Session Expired' modal (spec section 2 "Startup").
import type { Locator, Page } from 'playwright-core';

export const STARTUP_TEXT = 'Establishing secure connection...';

export class AppShell {
  readonly startupOverlay: Locator;
  readonly securityError: Locator;

  constructor(readonly page: Page) {
    this.startupOverlay = page.getByText(STARTUP_TEXT, { exact: true });
    this.securityError = page.getByRole('heading', { name: 'Security Error', exact: true });
  }

  /** Waits until the startup overlay has gone (the key exchange finished). */
  async waitUntilStarted(): Promise<void> {
    await this.startupOverlay.waitFor({ state: 'hidden' });
  }
}

export class SessionExpiredModal {
  readonly dialog: Locator;
  readonly refreshButton: Locator;
  readonly cancelButton: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Session Expired' });
    this.refreshButton = this.dialog.getByRole('button', { name: 'Refresh Page', exact: true });
    this.cancelButton = this.dialog.getByRole('button', { name: 'Cancel', exact: true });
  }
}
