// Device health end to end (issue 17 item 5): a volunteer's browser reports once signed in
// (its random device id, the built app version); a device that went quiet two days ago shows
// as Stale at the top of /admin/devices, before the fresh one; the screen is axe clean on a
// phone and a desktop.
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/kysely';
import { DESKTOP, PHONE, screenshot } from '../support/chromium.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { useE2e } from './helpers/harness.ts';
import { shown } from './helpers/waits.ts';
import { anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { aVolunteer, logInAsVolunteer } from './pages/volunteer-seed.ts';

const e2e = useE2e();
const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function reportsOf(db: Db, userId: number) {
  return db.selectFrom('device_reports').selectAll().where('user_id', '=', userId).execute();
}

/** Waits until the user's browser has reported (the engine sends it on its own). */
async function firstReportOf(db: Db, userId: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await reportsOf(db, userId);
    if (rows.length > 0) return rows;
    if (Date.now() > deadline) throw new Error(`no device report from user ${userId}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A device that reported two days ago and has been silent since. */
async function seedQuietDevice(db: Db, userId: number): Promise<string> {
  const deviceId = 'quiet-phone-0000-0000';
  const twoDaysAgo = Date.now() - 2 * DAY_MS;
  await db
    .insertInto('device_reports')
    .values({
      device_id: deviceId,
      user_id: userId,
      pending_count: 2,
      oldest_pending_at: new Date(twoDaysAgo - 60 * 60_000).toISOString(),
      last_sync_at: new Date(twoDaysAgo - 3 * 60 * 60_000).toISOString(),
      attention_count: 0,
      app_version: '0.0.9',
      reported_at: new Date(twoDaysAgo).toISOString(),
    })
    .execute();
  return deviceId;
}

describe('device health', () => {
  it('a volunteer’s browser reports, and a device gone quiet shows as stale first', async () => {
    const { db } = e2e.server;
    const active = await aVolunteer(db, 'active');
    const volunteerPage = await e2e.open(PHONE);
    await logInAsVolunteer(volunteerPage.page, active.username);
    const [report] = await firstReportOf(db, active.id);
    expect(report).toMatchObject({ pending_count: 0, attention_count: 0, app_version: '0.1.0' });
    expect(report?.device_id).toMatch(UUID);
    expect(volunteerPage.errors).toEqual([]);

    const quiet = await aVolunteer(db, 'quiet');
    await seedQuietDevice(db, quiet.id);
    const admin = await anAdmin(e2e.server);
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, errors } = await e2e.open(viewport);
      const home = await logInAsAdmin(page, admin);
      await home.card('Devices').click();
      await shown(page.getByRole('heading', { name: 'Devices', level: 1 }));
      const quietPanel = page.getByRole('region', { name: `${quiet.username} (Volunteer)` });
      await shown(quietPanel);

      // The quiet volunteer comes first; the admin's own browser reported too (a third one).
      const people = await page.getByRole('heading', { level: 2 }).allTextContents();
      expect(people[0]).toBe(`${quiet.username} (Volunteer)`);
      expect(people).toContain(`${active.username} (Volunteer)`);
      const quietCells = await quietPanel
        .getByRole('row')
        .nth(1)
        .getByRole('cell')
        .allTextContents();
      expect(quietCells).toEqual([
        'quiet-ph',
        // Waiting since over two days: stuck, and silent for two days: stale. In words.
        'StuckStale',
        '2',
        '2 days',
        '0',
        '2 days ago',
        '0.0.9',
        '2 days ago',
      ]);
      const activePanel = page.getByRole('region', { name: `${active.username} (Volunteer)` });
      const activeCells = await activePanel
        .getByRole('row')
        .nth(1)
        .getByRole('cell')
        .allTextContents();
      expect(activeCells.slice(1, 5)).toEqual(['OK', '0', '—', '0']);
      expect(activeCells[6]).toBe('0.1.0');

      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `admin-devices-${viewport === DESKTOP ? 'desktop' : 'phone'}`);
      expect(errors).toEqual([]);
    }
  });
});
