// Admin tables: a row found by the text of one of its cells.
import type { Locator, Page } from 'playwright-core';

type Scope = Page | Locator;

/** The table (by its caption) inside its scrolling region. */
export function adminTable(scope: Scope, caption: string): Locator {
  return scope.getByRole('table', { name: caption });
}

/** Rows of the table whose cells include one with exactly `cell`. */
export function rowWith(table: Locator, cell: string | number): Locator {
  const page = table.page();
  const name = { name: String(cell), exact: true };
  return table.getByRole('row').filter({
    has: page.getByRole('cell', name).or(page.getByRole('rowheader', name)),
  });
}
