// @vitest-environment jsdom
// '/admin/devices' against a real server: one table per person, each device's numbers and
// ages, stuck and stale devices first and marked in words, the empty line, and the load error.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setApiBaseUrl } from '#client/api/api-client';
import { AdminDevicesPage, noDevices } from '#client/features/admin-devices/admin-devices-page.tsx';
import { setSessionUser } from '#client/session/session-user';
import { createSignedInUser, createUser } from '../../../support/factories.ts';
import { sendLoginCookie } from '../../support/browser-cookie.ts';
import { useClientServer } from '../../support/client-server.ts';
import { renderPage } from '../../support/render-page.tsx';

const HOUR_MS = 60 * 60_000;
const WAIT = { timeout: 10_000 };
const { db } = useClientServer({
  afterEachTest: async () => {
    setSessionUser(null);
    vi.restoreAllMocks();
    await db().deleteFrom('device_reports').execute();
  },
});

async function signedInAdmin() {
  const admin = await createSignedInUser(db(), { role: 'ADMIN' });
  sendLoginCookie(admin.cookie);
  setSessionUser({ ...admin, userId: admin.id, role: 'ADMIN' });
  return admin;
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function seedReport(userId: number, deviceId: string, fields: Record<string, unknown>) {
  await db()
    .insertInto('device_reports')
    .values({
      device_id: deviceId,
      user_id: userId,
      pending_count: 0,
      oldest_pending_at: null,
      last_sync_at: ago(5 * 60_000),
      attention_count: 0,
      app_version: '0.1.0',
      reported_at: ago(60_000),
      ...fields,
    })
    .execute();
}

describe('admin devices', () => {
  it('lists each person’s devices, stuck and stale first, in words', async () => {
    await signedInAdmin();
    const quiet = await createUser(db(), { role: 'VOLUNTEER', username: `quiet${Date.now()}` });
    const busy = await createUser(db(), { role: 'CLIENT', username: `busy${Date.now()}` });
    await seedReport(busy.id, 'fine0000-device', {});
    await seedReport(busy.id, 'stuck000-device', {
      pending_count: 3,
      oldest_pending_at: ago(3 * 24 * HOUR_MS),
      attention_count: 1,
      reported_at: ago(2 * 60_000),
    });
    await seedReport(quiet.id, 'stale000-device', {
      last_sync_at: ago(2 * 24 * HOUR_MS + HOUR_MS),
      reported_at: ago(2 * 24 * HOUR_MS),
      app_version: '0.0.9',
    });

    renderPage('/admin/devices', AdminDevicesPage);
    const quietPanel = await screen.findByRole(
      'region',
      { name: `${quiet.username} (Volunteer)` },
      WAIT,
    );
    expect(screen.getByText('3 devices: 1 stuck, 1 stale.')).toBeTruthy();
    const people = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(people).toEqual([`${quiet.username} (Volunteer)`, `${busy.username} (Client)`]);

    const staleRow = within(quietPanel).getAllByRole('row')[1]!;
    const staleCells = within(staleRow)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(staleCells).toEqual([
      'stale000',
      'Stale',
      '0',
      '—',
      '0',
      '2 days ago',
      '0.0.9',
      '2 days ago',
    ]);

    const busyPanel = screen.getByRole('region', { name: `${busy.username} (Client)` });
    const [stuckRow, fineRow] = within(busyPanel).getAllByRole('row').slice(1);
    expect(
      within(stuckRow!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['stuck000', 'Stuck', '3', '3 days', '1', '5 minutes ago', '0.1.0', '2 minutes ago']);
    expect(within(fineRow!).getAllByRole('cell')[1]?.textContent).toBe('OK');
  });

  it('says when no device has reported', async () => {
    await signedInAdmin();
    renderPage('/admin/devices', AdminDevicesPage);
    expect(await screen.findByText(noDevices(), undefined, WAIT)).toBeTruthy();
  });

  it('says when the list cannot be loaded', async () => {
    await signedInAdmin();
    setApiBaseUrl('http://127.0.0.1:9');
    renderPage('/admin/devices', AdminDevicesPage);
    expect(await screen.findByText(/^Error: /, undefined, WAIT)).toBeTruthy();
  });
});
