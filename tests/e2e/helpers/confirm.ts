// The confirmation a destructive action asks first (src/client/ui/confirm-dialog.tsx, issue
// 20 item 2) and the status region that says what an action did (ui/status-toast.tsx).
import type { Locator, Page } from 'playwright-core';
import { gone, shown } from './waits.ts';

export function confirmation(page: Page): Locator {
  return page.getByRole('alertdialog');
}

/** Waits for the question, presses `button` in it, and waits for it to close. */
export async function answerConfirmation(page: Page, button: string): Promise<void> {
  const dialog = confirmation(page);
  await shown(dialog);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await gone(dialog);
}

/** The app's one polite live region. */
export function statusRegion(page: Page): Locator {
  return page.getByTestId('status-toasts');
}

/** Waits until the status region says `text`. */
export async function announced(page: Page, text: string | RegExp): Promise<void> {
  await shown(statusRegion(page).getByText(text));
}
