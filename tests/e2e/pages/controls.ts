// Finding things the way a person does: by role and accessible name (no CSS selectors, so a
// restyle never breaks a spec, and a missing label does).
import type { Locator, Page } from 'playwright-core';

type Scope = Page | Locator;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A control the spec calls a button; the app may render it as a button or a link. */
export function control(scope: Scope, name: string): Locator {
  return scope
    .getByRole('button', { name, exact: true })
    .or(scope.getByRole('link', { name, exact: true }));
}

/** An input by its label; optional fields may add ' (optional)' to it. */
export function field(scope: Scope, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\(optional\\))?$`));
}

/** The error shown under the screen's form (role=alert inside <main>). */
export function formError(page: Page): Locator {
  return page.getByRole('main').getByRole('alert');
}

/** A success note by its text. */
export function note(page: Page, text: string): Locator {
  return page.getByRole('main').getByText(text, { exact: true });
}

/**
 * A field's own refusal (issue 20 item 6): the input is aria-invalid and its description
 * names the error shown beside it. Resolves to that text once the field is invalid.
 */
export async function fieldErrorText(input: Locator): Promise<string> {
  await input.and(input.page().locator('[aria-invalid="true"]')).waitFor({ timeout: 15_000 });
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ');
  const errorId = ids.find((id) => id.endsWith('-error'));
  if (errorId === undefined) throw new Error('the invalid field names no error');
  return (await input.page().locator(`[id="${errorId}"]`).textContent()) ?? '';
}

/** Whether the field is marked invalid now. */
export async function isInvalid(input: Locator): Promise<boolean> {
  return (await input.getAttribute('aria-invalid')) === 'true';
}
