// Device health (issue 17 item 5; contracts/devices.ts): a signed-in device tells the server
// how its outbox is doing, so an admin sees a phone that is stuck or has gone quiet.
// - A report is telemetry, not a person's action: it is sent straight through the transport,
//   never queued in the outbox, and one that fails is dropped (the next one says it all).
// - At most one report a minute per device (the time of the last try is in syncMeta, so every
//   tab and a reload keep to it). A report that says nothing new waits for the heartbeat
//   (REPORT_HEARTBEAT_MS), so an idle open app costs a request now and then, not one a minute.
// Keeps, in syncMeta: 'device' (the random device id, made once, kept across sign-outs: it names
// the device, not the person), 'lastFullDrain' and 'deviceReport' (the last try and what the
// last successful report said).
import { DEVICE_PATHS } from '#shared/contracts/device-paths';
import type { DeviceReportRequest } from '#shared/contracts/devices';
import type { AppDb } from './app-db.ts';
import type { OutboxTransport } from './outbox-transport.ts';
import type { DrainResult } from './replayer.ts';
import { currentUserId } from './session-user-store.ts';
import type { OutboxRow } from './types.ts';

/** At most one report in this time. */
export const REPORT_EVERY_MS = 60_000;
/** A report that says nothing new goes anyway once the last one is this old. */
export const REPORT_HEARTBEAT_MS = 15 * 60_000;

const DEVICE_KEY = 'device';
const FULL_DRAIN_KEY = 'lastFullDrain';
const REPORT_KEY = 'deviceReport';

interface ReportState {
  /** The last try (sent or not), ISO. */
  triedAt: string | null;
  /** The last report the server took, and when. */
  sent: DeviceReportRequest | null;
  sentAt: string | null;
}

const NO_REPORT: ReportState = { triedAt: null, sent: null, sentAt: null };

/** The device's id: made once with crypto.randomUUID, then kept. */
export async function deviceIdOf(db: AppDb): Promise<string> {
  return db.transaction('rw', db.syncMeta, async () => {
    const row = await db.syncMeta.get(DEVICE_KEY);
    const kept = (row?.value as { id?: unknown } | undefined)?.id;
    if (typeof kept === 'string') return kept;
    const id = globalThis.crypto.randomUUID();
    await db.syncMeta.put({ key: DEVICE_KEY, value: { id } });
    return id;
  });
}

const isPending = (row: OutboxRow) => row.status === 'queued' || row.status === 'sending';

/** The rows this report speaks for: the signed-in user's and the public forms'. */
async function rowsOf(db: AppDb, userId: number): Promise<OutboxRow[]> {
  return db.outbox
    .filter((row) => row.ownerUserId === null || row.ownerUserId === userId)
    .toArray();
}

/**
 * After a replay pass: a pass that reached the server (it sent or was refused something)
 * and left nothing waiting is a sync. A pass with nothing to send proves nothing (it may run
 * offline), so it leaves the time as it was.
 */
export async function noteDrain(db: AppDb, result: DrainResult, now = new Date()): Promise<void> {
  if (result.stop !== 'idle' || result.sent + result.rejected === 0) return;
  const userId = await currentUserId(db);
  if (userId === null) return;
  if ((await rowsOf(db, userId)).some(isPending)) return;
  await db.syncMeta.put({ key: FULL_DRAIN_KEY, value: now.toISOString() });
}

/** The later of the last full drain and the last list refresh that worked; null: never. */
async function lastSyncAt(db: AppDb): Promise<string | null> {
  const rows = [
    await db.syncMeta.get(FULL_DRAIN_KEY),
    ...(await db.syncMeta.where('key').startsWith('list:').toArray()),
  ];
  const times = rows.flatMap((row) => (typeof row?.value === 'string' ? [row.value] : []));
  return times.sort().at(-1) ?? null;
}

/** What this device would report now for the signed-in user. */
export async function collectDeviceReport(
  db: AppDb,
  userId: number,
  appVersion: string,
): Promise<DeviceReportRequest> {
  const rows = await rowsOf(db, userId);
  const pending = rows
    .filter(isPending)
    .map((row) => row.createdAt)
    .sort();
  return {
    deviceId: await deviceIdOf(db),
    pendingCount: pending.length,
    oldestPendingAt: pending[0] ?? null,
    lastSyncAt: await lastSyncAt(db),
    attentionCount: rows.filter((row) => row.status === 'rejected').length,
    appVersion,
  };
}

async function readReportState(db: AppDb): Promise<ReportState> {
  const row = await db.syncMeta.get(REPORT_KEY);
  return { ...NO_REPORT, ...(row?.value as Partial<ReportState> | undefined) };
}

const sameReport = (a: DeviceReportRequest, b: DeviceReportRequest | null) =>
  b !== null && JSON.stringify(a) === JSON.stringify(b);

/** Why a report did not go now: too soon after the last, or nothing new to say yet. */
export type ReportVerdict =
  | { kind: 'sent' }
  | { kind: 'failed' }
  | { kind: 'signed-out' }
  | { kind: 'wait'; untilMs: number };

/**
 * Claims the minute's report in one transaction (two tabs asking at once send one): 'go' with
 * the try recorded, or how long to wait.
 */
async function claimTry(
  db: AppDb,
  report: DeviceReportRequest,
  now: Date,
): Promise<{ go: true } | { go: false; untilMs: number }> {
  return db.transaction('rw', db.syncMeta, async () => {
    const state = await readReportState(db);
    const nextTry = state.triedAt === null ? 0 : Date.parse(state.triedAt) + REPORT_EVERY_MS;
    const heartbeat = state.sentAt === null ? 0 : Date.parse(state.sentAt) + REPORT_HEARTBEAT_MS;
    const due = sameReport(report, state.sent) ? Math.max(nextTry, heartbeat) : nextTry;
    if (due > now.getTime()) return { go: false, untilMs: due };
    await db.syncMeta.put({ key: REPORT_KEY, value: { ...state, triedAt: now.toISOString() } });
    return { go: true };
  });
}

async function markSent(db: AppDb, report: DeviceReportRequest, at: Date): Promise<void> {
  await db.transaction('rw', db.syncMeta, async () => {
    const state = await readReportState(db);
    await db.syncMeta.put({
      key: REPORT_KEY,
      value: { ...state, sent: report, sentAt: at.toISOString() },
    });
  });
}

export interface DeviceReportDeps {
  db: AppDb;
  transport: OutboxTransport;
  appVersion: string;
  now?: () => Date;
}

/**
 * Sends the device's report if one is due. Never throws and never queues: a failure (offline,
 * signed out on the server, refused) is dropped, and the minute's try is spent.
 */
export async function reportDeviceHealth(deps: DeviceReportDeps): Promise<ReportVerdict> {
  const now = deps.now ?? (() => new Date());
  try {
    const userId = await currentUserId(deps.db);
    if (userId === null) return { kind: 'signed-out' };
    const report = await collectDeviceReport(deps.db, userId, deps.appVersion);
    const claim = await claimTry(deps.db, report, now());
    if (!claim.go) return { kind: 'wait', untilMs: claim.untilMs };
    // The device's clock as it sends: the server moves the times above by its difference.
    const body: DeviceReportRequest = { ...report, sentAt: now().toISOString() };
    const reply = await deps.transport({ method: 'POST', path: DEVICE_PATHS.report, body });
    if (reply.status < 200 || reply.status >= 300) return { kind: 'failed' };
    await markSent(deps.db, report, now());
    return { kind: 'sent' };
  } catch {
    return { kind: 'failed' };
  }
}

export interface DeviceReporter {
  /** A report is wanted (a drain ended, the user signed in): now, or when the minute is up. */
  request(): void;
  stop(): void;
}

/**
 * For the engine: runs reportDeviceHealth one at a time, and when it had to wait, once more
 * when the wait is over (one timer), so the last state is reported even if it came too soon.
 */
export function createDeviceReporter(deps: DeviceReportDeps): DeviceReporter {
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const now = deps.now ?? (() => new Date());

  function later(untilMs: number): void {
    clearTimeout(timer);
    timer = setTimeout(request, Math.max(0, untilMs - now().getTime()));
  }

  function request(): void {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void reportDeviceHealth(deps).then((verdict) => {
      running = false;
      if (verdict.kind === 'wait') later(verdict.untilMs);
      if (again) {
        again = false;
        request();
      }
    });
  }

  return {
    request,
    stop: () => {
      clearTimeout(timer);
    },
  };
}
