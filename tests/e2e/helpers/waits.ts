// playwright-core has no auto-retrying `expect`: these wait on locators, and fail with the
// locator in the message, so a spec reads like the Playwright Test it stands in for.
import type { Locator } from 'playwright-core';

const TIMEOUT_MS = 15_000;

export async function shown(locator: Locator, timeout = TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export async function gone(locator: Locator, timeout = TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}
