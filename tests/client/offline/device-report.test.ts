// The device's health report (issue 17 item 5; offline/device-report.ts) on fake-indexeddb,
// sent to a real server: what it counts from the outbox, when it goes (at most one a minute,
// a report with nothing new only at the heartbeat), and that a failed one is dropped, never
// queued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectDeviceReport,
  deviceIdOf,
  noteDrain,
  REPORT_EVERY_MS,
  REPORT_HEARTBEAT_MS,
  reportDeviceHealth,
  type DeviceReportDeps,
} from '#client/offline/device-report';
import type { AppDb } from '#client/offline/app-db';
import { enqueue } from '#client/offline/outbox';
import { rememberSignedInUser } from '#client/offline/session-user-store';
import { markListRefreshed } from '#client/offline/sync-meta';
import type { OutboxReply, OutboxRequest } from '#client/offline/outbox-transport';
import type { OutboxStatus } from '#client/offline/types';
import { wipeUserData } from '#client/offline/wipe';
import { createUser, signedInCookie } from '../../support/factories.ts';
import { feedbackAction } from './support/actions.ts';
import { newDevice, reload } from './support/fake-db.ts';
import {
  startReplayServer,
  unreachableTransport,
  type ReplayServer,
} from './support/replay-server.ts';

const START = Date.parse('2026-12-01T10:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

async function signIn(db: AppDb, userId: number, username = `user${userId}`): Promise<void> {
  await rememberSignedInUser(db, { userId, username, role: 'VOLUNTEER', email: null, phone: null });
}

/** Queues a feedback made at `ms` for `owner` and gives it `status`. */
async function row(db: AppDb, ms: number, owner: number | null, status: OutboxStatus = 'queued') {
  const seq = await enqueue(db, { ...feedbackAction(), ownerUserId: owner }, new Date(ms));
  if (status !== 'queued') await db.outbox.update(seq, { status });
  return seq;
}

describe('the device report, on the device', () => {
  it('makes the device id once and keeps it across reloads and sign-outs', async () => {
    const device = newDevice();
    let db = device.open();
    const id = await deviceIdOf(db);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    db = reload(device, db);
    expect(await deviceIdOf(db)).toBe(id);
    await signIn(db, 7);
    await wipeUserData(db);
    expect(await deviceIdOf(db)).toBe(id);
    expect(await deviceIdOf(newDevice().open())).not.toBe(id);
    db.close();
  });

  it('counts the user’s and the public actions waiting, the oldest, and the refused', async () => {
    const db = newDevice().open();
    await signIn(db, 7);
    await row(db, START - 3_000, 7);
    await row(db, START - 5_000, null);
    const sending = await row(db, START - 1_000, 7);
    await db.outbox.update(sending, { status: 'sending' });
    await row(db, START - 9_000, 7, 'rejected');
    await row(db, START - 9_500, 7, 'done');
    await row(db, START - 60_000, 8); // another account's, left on the device
    await markListRefreshed(db, 'catalogue', new Date(START - 20_000));
    await markListRefreshed(db, 'myRounds', new Date(START - 10_000));

    expect(await collectDeviceReport(db, 7, '1.2.3')).toEqual({
      deviceId: await deviceIdOf(db),
      pendingCount: 3,
      oldestPendingAt: at(START - 5_000),
      lastSyncAt: at(START - 10_000),
      attentionCount: 1,
      appVersion: '1.2.3',
    });
    db.close();
  });

  it('counts a drain as a sync only when it reached the server and left nothing waiting', async () => {
    const db = newDevice().open();
    await signIn(db, 7);
    const idle = { stop: 'idle', retryAt: null } as const;
    const lastSync = async () => (await collectDeviceReport(db, 7, 'v')).lastSyncAt;

    await noteDrain(db, { ...idle, sent: 0, rejected: 0 }, new Date(START));
    expect(await lastSync()).toBeNull(); // nothing sent: it may have run offline
    await noteDrain(db, { sent: 1, rejected: 0, stop: 'transient', retryAt: 1 }, new Date(START));
    expect(await lastSync()).toBeNull();
    const waiting = await row(db, START, 7);
    await noteDrain(db, { ...idle, sent: 1, rejected: 0 }, new Date(START));
    expect(await lastSync()).toBeNull(); // one still waits (e.g. behind a refused one)
    await db.outbox.delete(waiting);
    await noteDrain(db, { ...idle, sent: 0, rejected: 1 }, new Date(START + 1_000));
    expect(await lastSync()).toBe(at(START + 1_000));
    db.close();
  });
});

describe('sending the device report', () => {
  let live: ReplayServer;
  beforeAll(async () => {
    live = await startReplayServer();
  });
  afterAll(async () => {
    await live.close();
  });

  /** A signed-in device with a clock the test moves, and what its transport sent. */
  async function signedInDevice() {
    const serverDb = live.server.app.ctx.opened.db;
    const user = await createUser(serverDb, { role: 'VOLUNTEER' });
    live.client.setCookie(await signedInCookie(serverDb, user.id));
    const db = newDevice().open();
    await signIn(db, user.id, user.username);
    const clock = { now: START };
    const sent: OutboxRequest[] = [];
    const deps: DeviceReportDeps = {
      db,
      appVersion: '0.1.0',
      now: () => new Date(clock.now),
      transport: (request): Promise<OutboxReply> => {
        sent.push(request);
        return live.client.transport(request);
      },
    };
    const stored = () =>
      serverDb.selectFrom('device_reports').selectAll().where('user_id', '=', user.id).execute();
    return { db, deps, clock, sent, stored, user };
  }

  it('sends the report straight to the server, never through the outbox', async () => {
    const { db, deps, sent, stored, user } = await signedInDevice();
    await row(db, START - 2 * 60 * 60_000, user.id, 'rejected');
    expect(await reportDeviceHealth(deps)).toEqual({ kind: 'sent' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/devices/report' });
    expect(sent[0]?.idempotencyKey).toBeUndefined();
    expect(await db.outbox.count()).toBe(1); // only the refused action it reported
    const [kept] = await stored();
    expect(kept).toMatchObject({
      device_id: await deviceIdOf(db),
      pending_count: 0,
      attention_count: 1,
      app_version: '0.1.0',
    });
    db.close();
  });

  it('sends at most one a minute, and one with nothing new only at the heartbeat', async () => {
    const { db, deps, clock, sent } = await signedInDevice();
    expect((await reportDeviceHealth(deps)).kind).toBe('sent');

    clock.now = START + REPORT_EVERY_MS - 1;
    await row(db, START, null); // something new to say, but the minute is not up
    expect(await reportDeviceHealth(deps)).toEqual({
      kind: 'wait',
      untilMs: START + REPORT_EVERY_MS,
    });
    clock.now = START + REPORT_EVERY_MS;
    expect((await reportDeviceHealth(deps)).kind).toBe('sent');

    clock.now = START + 3 * REPORT_EVERY_MS;
    expect(await reportDeviceHealth(deps)).toEqual({
      kind: 'wait',
      untilMs: START + REPORT_EVERY_MS + REPORT_HEARTBEAT_MS,
    });
    clock.now = START + REPORT_EVERY_MS + REPORT_HEARTBEAT_MS;
    expect((await reportDeviceHealth(deps)).kind).toBe('sent');
    expect(sent).toHaveLength(3);
    db.close();
  });

  it('drops a report that fails (and spends the minute), queueing nothing', async () => {
    const { db, deps, clock, stored } = await signedInDevice();
    const offline = { ...deps, transport: unreachableTransport() };
    expect(await reportDeviceHealth(offline)).toEqual({ kind: 'failed' });
    expect(await db.outbox.count()).toBe(0);
    expect((await reportDeviceHealth(deps)).kind).toBe('wait');
    clock.now = START + REPORT_EVERY_MS;
    expect((await reportDeviceHealth(deps)).kind).toBe('sent');
    expect(await stored()).toHaveLength(1);

    // Refused by the server (the login ended there): dropped the same way.
    live.client.setCookie(null);
    clock.now = START + 2 * REPORT_EVERY_MS;
    await row(db, START, null);
    expect(await reportDeviceHealth(deps)).toEqual({ kind: 'failed' });
    expect(await db.outbox.where('status').equals('queued').count()).toBe(1);
    db.close();
  });

  it('sends nothing while nobody is signed in on the device', async () => {
    const { db, deps, sent } = await signedInDevice();
    await wipeUserData(db);
    expect(await reportDeviceHealth(deps)).toEqual({ kind: 'signed-out' });
    expect(sent).toHaveLength(0);
    db.close();
  });

  it('tells the server its clock, so a phone a day behind is not taken for stuck', async () => {
    const { db, deps, clock, stored, user } = await signedInDevice();
    // The phone's clock reads a day behind the server's real one.
    clock.now = Date.now() - 24 * 60 * 60_000;
    await row(db, clock.now - 5 * 60_000, user.id);
    expect((await reportDeviceHealth(deps)).kind).toBe('sent');
    const [kept] = await stored();
    const waitedMs =
      Date.parse(kept?.reported_at ?? '') - Date.parse(kept?.oldest_pending_at ?? '');
    expect(waitedMs).toBeGreaterThan(4 * 60_000);
    expect(waitedMs).toBeLessThan(6 * 60_000);
    db.close();
  });
});
