// Device health (issue 17 item 5; contracts/devices.ts): POST /api/devices/report by any
// signed-in user keeps each device's last report per account; GET /api/admin/devices lists
// them for admins, stuck and stale first. The server's clock is moved instead of waiting.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_PATHS,
  DEVICE_REPORT_MESSAGES,
  type AdminDevicesReply,
  type DeviceHealthView,
  type DeviceReportRequest,
} from '#shared/contracts/devices';
import { DEVICE_REPORT_RATE_LIMIT } from '#server/devices/devices.routes';
import { DEVICES_PER_ACCOUNT } from '#server/devices/devices.service';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, type SignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { english } from '../../support/english.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const START = Date.parse('2026-12-01T10:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

let serial = 0;
/** A fresh random-looking device id (16–64 of [A-Za-z0-9_-]). */
const newDeviceId = () => `device_${(serial += 1).toString().padStart(4, '0')}-${'x'.repeat(8)}`;

function report(overrides: Partial<DeviceReportRequest> = {}): DeviceReportRequest {
  return {
    deviceId: newDeviceId(),
    pendingCount: 0,
    oldestPendingAt: null,
    lastSyncAt: at(START),
    attentionCount: 0,
    appVersion: '0.1.0',
    ...overrides,
  };
}

describe.each(testDialects())('device health (%s)', (dialect) => {
  let now = new Date(START);
  const server = useTestServer(dialect, { clock: () => now });
  const db = () => server.app.ctx.opened.db;
  let admin: SignedInUser;
  let volunteer: SignedInUser;
  let client: SignedInUser;
  beforeAll(async () => {
    admin = await createSignedInUser(db(), { role: 'ADMIN' });
    volunteer = await createSignedInUser(db(), { role: 'VOLUNTEER' });
    client = await createSignedInUser(db(), { role: 'CLIENT' });
  });

  const send = (as: SignedInUser | undefined, body: unknown) =>
    call(server.app, 'POST', DEVICE_PATHS.report, { as, body });
  const list = async () => {
    const res = await call(server.app, 'GET', DEVICE_PATHS.adminList, { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminDevicesReply>().devices;
  };
  const find = async (deviceId: string): Promise<DeviceHealthView | undefined> =>
    (await list()).find((d) => d.deviceId === deviceId);
  const clearReports = () => db().deleteFrom('device_reports').execute();

  describe('who may call', () => {
    it('refuses signed-out callers with 401 on both routes', async () => {
      expect((await send(undefined, report())).statusCode).toBe(401);
      const res = await call(server.app, 'GET', DEVICE_PATHS.adminList);
      expect(res.statusCode).toBe(401);
    });

    it('lets any signed-in user report, and only admins list', async () => {
      for (const user of [client, volunteer, admin]) {
        const res = await send(user, report());
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ status: 'success', message: 'Report received.' });
      }
      for (const user of [client, volunteer]) {
        const res = await call(server.app, 'GET', DEVICE_PATHS.adminList, { as: user });
        expect(res.statusCode).toBe(403);
      }
    });

    it('keeps the report for the signed-in user whatever identity the body claims', async () => {
      const forgedUserId = await send(client, { ...report(), userId: volunteer.id });
      expect(forgedUserId.statusCode).toBe(403);
      const mine = report();
      const claimed = { ...mine, username: volunteer.username, role: 'ADMIN', userRole: 'ADMIN' };
      expect((await send(client, claimed)).statusCode).toBe(200);
      expect(await find(mine.deviceId)).toMatchObject({
        userId: client.id,
        username: client.username,
        role: 'CLIENT',
      });
    });
  });

  describe('validation', () => {
    const refusal = async (body: unknown) => {
      const res = await send(volunteer, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ status: string; message: string }>().message;
    };

    it('names the field and the rule', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ deviceId: 'short' }, `deviceId: ${english(DEVICE_REPORT_MESSAGES.deviceId)}`],
        [{ deviceId: 'a'.repeat(65) }, `deviceId: ${english(DEVICE_REPORT_MESSAGES.deviceId)}`],
        [
          { deviceId: 'has spaces in it ok?' },
          `deviceId: ${english(DEVICE_REPORT_MESSAGES.deviceId)}`,
        ],
        [{ deviceId: 1234567890123456 }, `deviceId: ${english(DEVICE_REPORT_MESSAGES.deviceId)}`],
        [{ pendingCount: -1 }, `pendingCount: ${english(DEVICE_REPORT_MESSAGES.count)}`],
        [{ pendingCount: 1.5 }, `pendingCount: ${english(DEVICE_REPORT_MESSAGES.count)}`],
        [{ pendingCount: 100_001 }, `pendingCount: ${english(DEVICE_REPORT_MESSAGES.count)}`],
        [{ pendingCount: '3' }, `pendingCount: ${english(DEVICE_REPORT_MESSAGES.count)}`],
        [{ attentionCount: -2 }, `attentionCount: ${english(DEVICE_REPORT_MESSAGES.count)}`],
        [
          { oldestPendingAt: 'yesterday' },
          `oldestPendingAt: ${english(DEVICE_REPORT_MESSAGES.time)}`,
        ],
        [
          { oldestPendingAt: '2026-12-01' },
          `oldestPendingAt: ${english(DEVICE_REPORT_MESSAGES.time)}`,
        ],
        [
          { lastSyncAt: '2026-13-45T10:00:00.000Z' },
          `lastSyncAt: ${english(DEVICE_REPORT_MESSAGES.time)}`,
        ],
        [
          { appVersion: 'v'.repeat(41) },
          `appVersion: ${english(DEVICE_REPORT_MESSAGES.appVersion)}`,
        ],
        [{ appVersion: '   ' }, `appVersion: ${english(DEVICE_REPORT_MESSAGES.appVersion)}`],
        [{ sentAt: 'now' }, `sentAt: ${english(DEVICE_REPORT_MESSAGES.time)}`],
      ];
      for (const [change, message] of cases) {
        expect(await refusal({ ...report(), ...change }), JSON.stringify(change)).toBe(message);
      }
    });

    it('requires every field of the pinned contract (times may be null, not absent)', async () => {
      for (const field of ['deviceId', 'pendingCount', 'oldestPendingAt', 'lastSyncAt']) {
        const body = Object.fromEntries(
          Object.entries(report()).filter(([name]) => name !== field),
        );
        expect(await refusal(body)).toMatch(new RegExp(`^${field}: `));
      }
      expect(await refusal(null)).toMatch(/^deviceId: /);
    });

    it('takes the edges of each rule', async () => {
      const edges = report({
        deviceId: 'A_b-'.repeat(16),
        pendingCount: 100_000,
        attentionCount: 0,
        oldestPendingAt: '2026-12-01T09:00:00+01:00',
        appVersion: 'v'.repeat(40),
      });
      expect((await send(volunteer, edges)).statusCode).toBe(200);
      expect(await find(edges.deviceId)).toMatchObject({
        pendingCount: 100_000,
        oldestPendingAt: '2026-12-01T08:00:00.000Z',
      });
    });
  });

  describe('keeping reports', () => {
    it('replaces a device’s last report (one row per device and account)', async () => {
      await clearReports();
      const first = report({ pendingCount: 3, oldestPendingAt: at(START - 5 * 60_000) });
      expect((await send(volunteer, first)).statusCode).toBe(200);
      now = new Date(START + 60_000);
      const second = { ...first, pendingCount: 0, oldestPendingAt: null, appVersion: '0.2.0' };
      expect((await send(volunteer, second)).statusCode).toBe(200);
      const rows = await list();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        deviceId: first.deviceId,
        pendingCount: 0,
        oldestPendingAt: null,
        appVersion: '0.2.0',
        reportedAt: at(START + 60_000),
      });
      // The same device signed in as someone else is a second entry (per person).
      expect((await send(client, second)).statusCode).toBe(200);
      expect((await list()).map((d) => d.userId).sort()).toEqual([volunteer.id, client.id].sort());
      now = new Date(START);
    });

    it('moves the device’s times onto the server’s clock when it says what its clock read', async () => {
      await clearReports();
      // The phone's clock is a day behind: its "an hour ago" is the server's "25 hours ago"
      // without the correction.
      const phoneNow = START - DAY_MS;
      const skewed = report({
        pendingCount: 1,
        oldestPendingAt: at(phoneNow - 10 * 60_000),
        lastSyncAt: at(phoneNow - 10 * 60_000),
        sentAt: at(phoneNow),
      });
      expect((await send(volunteer, skewed)).statusCode).toBe(200);
      expect(await find(skewed.deviceId)).toMatchObject({
        oldestPendingAt: at(START - 10 * 60_000),
        lastSyncAt: at(START - 10 * 60_000),
        stuck: false,
      });
      // A clock ahead of the server's never puts a time after the server's now.
      const ahead = report({ lastSyncAt: at(START + DAY_MS) });
      expect((await send(volunteer, ahead)).statusCode).toBe(200);
      expect((await find(ahead.deviceId))?.lastSyncAt).toBe(at(START));
    });

    it(`keeps the ${DEVICES_PER_ACCOUNT} devices of an account that reported last`, async () => {
      const user = await createSignedInUser(db(), { role: 'VOLUNTEER' });
      const ids: string[] = [];
      for (let i = 0; i <= DEVICES_PER_ACCOUNT; i += 1) {
        now = new Date(START + i * 1000);
        const r = report();
        ids.push(r.deviceId);
        expect((await send(user, r)).statusCode).toBe(200);
      }
      now = new Date(START);
      const kept = (await list()).filter((d) => d.userId === user.id).map((d) => d.deviceId);
      expect(kept.sort()).toEqual(ids.slice(1).sort());
    });

    it('forgets a deleted user’s devices with the account', async () => {
      const user = await createSignedInUser(db(), { role: 'CLIENT' });
      const r = report();
      expect((await send(user, r)).statusCode).toBe(200);
      const res = await call(server.app, 'DELETE', '/api/admin/user/delete', {
        as: admin,
        body: { username: user.username },
      });
      expect(res.statusCode, res.body).toBe(200);
      const left = await db()
        .selectFrom('device_reports')
        .select('device_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(left).toEqual([]);
    });

    it(`limits reports to ${DEVICE_REPORT_RATE_LIMIT} a minute per account`, async () => {
      const user = await createSignedInUser(db(), { role: 'CLIENT' });
      const deviceId = newDeviceId();
      for (let i = 0; i < DEVICE_REPORT_RATE_LIMIT; i += 1) {
        expect((await send(user, report({ deviceId }))).statusCode).toBe(200);
      }
      const over = await send(user, report({ deviceId }));
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ status: 'error', error: 'RATE_LIMITED' });
      // Another account is not held back.
      expect((await send(client, report())).statusCode).toBe(200);
    });
  });

  describe('the admin list', () => {
    it('lists stuck and stale devices first, then by last report, oldest first', async () => {
      await clearReports();
      const reportAt = async (ms: number, user: SignedInUser, r: DeviceReportRequest) => {
        now = new Date(ms);
        expect((await send(user, r)).statusCode).toBe(200);
      };
      const healthyOld = report();
      const healthyNew = report();
      const stale = report({ lastSyncAt: at(START - 2 * DAY_MS - HOUR_MS) });
      const refused = report({ attentionCount: 2 });
      const waitingLong = report({ pendingCount: 4, oldestPendingAt: at(START - 61 * 60_000) });
      const waitingShort = report({ pendingCount: 1, oldestPendingAt: at(START - 59 * 60_000) });
      await reportAt(START - 2 * DAY_MS, volunteer, stale);
      await reportAt(START - 3 * HOUR_MS, client, healthyOld);
      await reportAt(START - 2 * HOUR_MS, volunteer, refused);
      await reportAt(START - HOUR_MS, client, healthyNew);
      // Reported now, so the waiting times count from START.
      await reportAt(START, volunteer, waitingLong);
      await reportAt(START, client, waitingShort);

      now = new Date(START);
      const devices = await list();
      expect(devices.map((d) => d.deviceId)).toEqual([
        stale.deviceId,
        refused.deviceId,
        waitingLong.deviceId,
        healthyOld.deviceId,
        healthyNew.deviceId,
        waitingShort.deviceId,
      ]);
      const flags = Object.fromEntries(devices.map((d) => [d.deviceId, [d.stuck, d.stale]]));
      expect(flags[stale.deviceId]).toEqual([false, true]);
      expect(flags[refused.deviceId]).toEqual([true, false]);
      expect(flags[waitingLong.deviceId]).toEqual([true, false]);
      expect(flags[waitingShort.deviceId]).toEqual([false, false]);
      expect(devices[0]).toEqual({
        deviceId: stale.deviceId,
        userId: volunteer.id,
        username: volunteer.username,
        role: 'VOLUNTEER',
        pendingCount: 0,
        oldestPendingAt: null,
        lastSyncAt: at(START - 2 * DAY_MS - HOUR_MS),
        attentionCount: 0,
        appVersion: '0.1.0',
        reportedAt: at(START - 2 * DAY_MS),
        stuck: false,
        stale: true,
      });

      // A day later every one of them has gone quiet.
      now = new Date(START + DAY_MS + 1);
      expect((await list()).every((d) => d.stale)).toBe(true);
      now = new Date(START);
    });
  });
});
