// Accessibility scan with axe-core (WCAG 2.1 A and AA rules) of what the page shows now.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** One line per violation: rule id, impact and the first offending element. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  // A scan that checked nothing (axe not injected, empty page) must not pass as clean.
  if (results.passes.length === 0) throw new Error('axe checked nothing on this page');
  return results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.nodes[0]?.target.join(' ') ?? ''} — ${v.help}`,
  );
}

/** Scans several states of a page in turn; `found` holds each violation with where it showed. */
export class AxeLog {
  readonly found: string[] = [];

  constructor(private readonly page: Page) {}

  async scan(where: string): Promise<void> {
    const violations = await accessibilityViolations(this.page);
    this.found.push(...violations.map((v) => `${where}: ${v}`));
  }
}
