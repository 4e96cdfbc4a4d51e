// The audit log screen and the admin home's chart (beyond-spec.md section 2): the admin filters
// the log, downloads the CSV of the same filters, runs the retention sweep; the chart of
// deliveries per week renders with its text table, and both screens are axe clean.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appendAudit } from '#server/audit/audit.repository';
import type { AuditRecord } from '#server/audit/audit.types';
import { createOrderOnRound } from '../support/factories.ts';
import { DESKTOP, PHONE, screenshot } from '../support/chromium.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { control } from './pages/controls.ts';

const e2e = useE2e();

const entry = (over: Partial<AuditRecord>): AuditRecord => ({
  actor: { userId: 501, username: 'casey' },
  action: 'user.update',
  targetType: 'user',
  targetId: 7,
  details: { changed: ['email'] },
  ...over,
});

async function seedLog(): Promise<void> {
  const { db } = e2e.server;
  await appendAudit(db, new Date('2026-11-02T15:00:00Z'), [
    entry({ action: 'round.create', targetType: 'round', targetId: 3, details: null }),
    entry({
      actor: { userId: 502, username: 'drew' },
      action: 'personal_data.read',
      targetType: 'order',
      targetId: null,
      details: { route: 'GET /api/orders/all', orderIds: [11, 12, 13] },
    }),
  ]);
  await appendAudit(db, new Date('2026-11-20T15:00:00Z'), [
    entry({ action: 'user.delete', targetId: 9, details: null }),
    entry({ actor: { userId: 502, username: 'drew' }, action: 'round.cancel', targetId: 3 }),
  ]);
}

async function deliveredThisWeek(count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await createOrderOnRound(e2e.server.db, null, { status: 'COMPLETED' });
}

describe('the admin home chart', () => {
  it('shows deliveries per week as a chart with a table for screen readers', async () => {
    await deliveredThisWeek(3);
    const admin = await anAdmin(e2e.server);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await e2e.open(viewport);
      await logInAsAdmin(page, admin);
      const panel = page.getByRole('region', { name: 'Deliveries per week' });
      await shown(panel.getByText('3 orders delivered in the last 12 weeks.'));
      // The SVG is hidden from assistive technology; the table carries the numbers.
      const table = page.getByRole('table', { name: 'Deliveries per week, last 12 weeks' });
      expect(await table.getByRole('row').count()).toBe(1 + 12);
      expect(await table.getByRole('row').last().getByRole('cell').last().textContent()).toBe('3');
      expect(await panel.locator('svg[aria-hidden="true"] rect').count()).toBe(12);
      await shown(control(panel, 'Download summary CSV'));
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `admin-home-chart-${viewport === DESKTOP ? 'desktop' : 'phone'}`);
      expect(errors).toEqual([]);
    }
  });
});

describe('the audit log screen', () => {
  it('filters the log, downloads the same entries as CSV and runs the sweep', async () => {
    await seedLog();
    const admin = await anAdmin(e2e.server);
    const { page, errors } = await e2e.open(DESKTOP);
    const home = await logInAsAdmin(page, admin);
    await home.card('Audit Log').click();
    await shown(page.getByRole('heading', { name: 'Audit Log' }));
    const table = page.getByRole('table', { name: 'Audit log' });
    await shown(table.getByRole('cell', { name: 'Viewed addresses or phones' }));
    await shown(table.getByRole('cell', { name: 'order 11, 12, 13' }));
    expect(await table.getByRole('row').count()).toBe(1 + 4);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-audit-desktop');

    await page.getByLabel('Who', { exact: true }).fill('DREW');
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Any round action' });
    await control(page, 'Apply filters').click();
    await gone(table.getByRole('cell', { name: 'Viewed addresses or phones' }));
    // The filtered page has arrived (between the two the table may be empty), then count.
    await shown(table.getByRole('cell', { name: 'Cancelled round' }));
    expect(await table.getByRole('row').count()).toBe(1 + 1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      control(page, 'Download CSV').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('id,at,actorId,actorUsername,action,targetType,targetId,details');
    expect(csv.slice(1, -1)).toEqual([
      expect.stringMatching(/^\d+,2026-11-20T15:00:00\.000Z,502,drew,round\.cancel,user,3,/),
    ]);

    await page.getByLabel('From', { exact: true }).fill('2026-11-01');
    await page.getByLabel('To', { exact: true }).fill('2026-11-10');
    await control(page, 'Apply filters').click();
    await shown(page.getByText('No entries match these filters.'));
    await control(page, 'Clear filters').click();
    await shown(table.getByRole('cell', { name: 'Deleted user' }));

    await control(page, 'Remove expired personal data now').click();
    await shown(
      page.getByRole('status').filter({ hasText: /^Removed personal data from \d+ orders?/ }),
    );
    await shown(table.getByRole('cell', { name: 'Removed expired personal data' }).first());
    expect(errors).toEqual([]);
  });

  it('fits a phone', async () => {
    const admin = await anAdmin(e2e.server);
    const { page } = await e2e.open(PHONE);
    await logInAsAdmin(page, admin);
    await page.goto('/admin/audit');
    await shown(page.getByRole('table', { name: 'Audit log' }));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-audit-phone');
  });
});
