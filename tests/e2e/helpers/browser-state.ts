// What the browser holds for the app: the session user in sessionStorage (spec section 2
// "Login") and the login cookie.
import type { Page } from 'playwright-core';

export interface StoredUser {
  username: string;
  userId: number | null;
  role: string;
}

export async function storedSessionUser(page: Page): Promise<StoredUser | null> {
  const text = await page.evaluate(() => sessionStorage.getItem('sessionUser'));
  return text === null ? null : (JSON.parse(text) as StoredUser);
}

/** The status of a same-origin GET made by the page itself (its cookies included). */
export async function statusOf(page: Page, path: string): Promise<number> {
  return page.evaluate(async (url) => (await fetch(url)).status, path);
}
