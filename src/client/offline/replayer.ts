// One replay pass over the outbox (DESIGN.md offline rules 3–4). The caller holds the
// replayer lock (replayer-scheduler.ts), so within a pass this is the only sender.
// - Rows go in queue order, a few at a time; actions on one entity go one after another, and
//   a row whose entity has a refused or waiting action stays behind it (order per entity).
// - A transient failure (network, 5xx, 429) stops the pass and sets a back-off with jitter;
//   the same rows are retried later with the same idempotency keys.
// - A 401 that is not SESSION_EXPIRED pauses the user's actions until they sign in again;
//   public ones (owner null) still go.
import type { AppDb } from './app-db.ts';
import { pruneDone, queuedRows, rejectedEntityKeys, requeueInterrupted } from './outbox.ts';
import { sendOne } from './send-one.ts';
import { currentUserId } from './session-user-store.ts';
import { readReplayerState, updateReplayerState, type ReplayerState } from './sync-meta.ts';
import type { OutboxTransport } from './outbox-transport.ts';
import type { OutboxRow } from './types.ts';
import { backoffDelayMs } from './verdict.ts';

export interface ReplayerDeps {
  db: AppDb;
  transport: OutboxTransport;
  now?: () => Date;
  random?: () => number;
  /** Actions in flight at once (on different entities); default 4. */
  concurrency?: number;
}

export interface DrainResult {
  sent: number;
  rejected: number;
  /** 'backoff': skipped, still backing off; 'transient': stopped by a failure; else 'idle'. */
  stop: 'idle' | 'transient' | 'backoff';
  /** When the next attempt is due after a transient stop (ms since epoch). */
  retryAt: number | null;
}

const DONE_KEEP_MS = 60 * 60_000;
export const DEFAULT_CONCURRENCY = 4;

interface Pass {
  deps: Required<ReplayerDeps>;
  userId: number | null;
  paused: boolean;
  blocked: Set<string>;
  result: DrainResult;
}

function mayGo(pass: Pass, row: OutboxRow): boolean {
  if (row.entityKey !== null && pass.blocked.has(row.entityKey)) return false;
  const waitsForLogin =
    row.ownerUserId !== null && (pass.paused || row.ownerUserId !== pass.userId);
  if (!waitsForLogin) return true;
  if (row.entityKey !== null) pass.blocked.add(row.entityKey);
  return false;
}

async function onTransient(pass: Pass, seq: number): Promise<void> {
  const { db, now, random } = pass.deps;
  const state = await readReplayerState(db);
  // A failure while the device knows it is offline says nothing about the server: the
  // 'online' event will start a drain anyway, so it must not stretch the back-off that
  // follows (a day offline would otherwise mean minutes of waiting once back online).
  const knownOffline = typeof navigator !== 'undefined' && !navigator.onLine;
  const failures = knownOffline ? Math.max(state.failures, 1) : state.failures + 1;
  const retryAt = now().getTime() + backoffDelayMs(failures, random);
  const row = await db.outbox.get(seq);
  await updateReplayerState(db, {
    failures,
    nextAttemptAt: new Date(retryAt).toISOString(),
    lastError: row?.lastError ?? null,
  });
  pass.result.stop = 'transient';
  pass.result.retryAt = retryAt;
}

interface Snapshot {
  rows: OutboxRow[];
  next: number;
  /** Entities with an action in flight, and entities held for the rest of this snapshot. */
  busy: Set<string>;
  held: Set<string>;
  progressed: boolean;
  stopped: boolean;
}

/** The next row that may go now: its entity is neither refused, waiting, nor in flight. */
function pick(pass: Pass, snap: Snapshot): OutboxRow | null {
  for (let row = snap.rows[snap.next]; row !== undefined; row = snap.rows[snap.next]) {
    snap.next += 1;
    if (!mayGo(pass, row)) continue;
    const entity = row.entityKey;
    if (entity !== null) {
      // A later action on an entity whose earlier one is in flight waits for the next
      // snapshot, and so does every action after it on that entity: order per entity.
      if (snap.busy.has(entity) || snap.held.has(entity)) {
        snap.held.add(entity);
        continue;
      }
      snap.busy.add(entity);
    }
    return row;
  }
  return null;
}

/** True for the one worker that stops the snapshot (others finish what they sent). */
function firstToStop(snap: Snapshot): boolean {
  if (snap.stopped) return false;
  snap.stopped = true;
  return true;
}

async function worker(pass: Pass, snap: Snapshot): Promise<void> {
  const { db, transport, now } = pass.deps;
  for (let row = pick(pass, snap); row !== null && !snap.stopped; row = pick(pass, snap)) {
    const outcome = await sendOne(db, transport, row.seq, now);
    if (row.entityKey !== null) snap.busy.delete(row.entityKey);
    if (outcome === 'transient') {
      if (firstToStop(snap)) await onTransient(pass, row.seq);
      return;
    }
    if (outcome === 'done') pass.result.sent += 1;
    if (outcome === 'rejected') pass.result.rejected += 1;
    if (outcome === 'signed-out' && !pass.paused) {
      pass.paused = true;
      await updateReplayerState(db, { pausedForSignIn: true });
    }
    if (outcome !== 'done' && row.entityKey !== null) pass.blocked.add(row.entityKey);
    snap.progressed ||= outcome === 'done' || outcome === 'rejected';
  }
}

/**
 * Sends what it can of one snapshot of the queue, up to `concurrency` at a time (over a
 * phone's round trips, one at a time would make a long queue slow); 'more' when another
 * look may help.
 */
async function sendSnapshot(pass: Pass): Promise<'more' | 'stop' | 'settled'> {
  const snap: Snapshot = {
    rows: await queuedRows(pass.deps.db),
    next: 0,
    busy: new Set(),
    held: new Set(),
    progressed: false,
    stopped: false,
  };
  const workers = Array.from({ length: pass.deps.concurrency }, () => worker(pass, snap));
  await Promise.all(workers);
  if (snap.stopped) return 'stop';
  return snap.progressed ? 'more' : 'settled';
}

async function clearBackoff(db: AppDb, state: ReplayerState): Promise<void> {
  if (state.failures > 0 || state.nextAttemptAt !== null || state.lastError !== null) {
    await updateReplayerState(db, { failures: 0, nextAttemptAt: null, lastError: null });
  }
}

export async function drainOutbox(
  deps: ReplayerDeps,
  options: { respectBackoff?: boolean } = {},
): Promise<DrainResult> {
  const full: Required<ReplayerDeps> = {
    now: () => new Date(),
    random: Math.random,
    concurrency: DEFAULT_CONCURRENCY,
    ...deps,
  };
  const { db, now } = full;
  const state = await readReplayerState(db);
  const result: DrainResult = { sent: 0, rejected: 0, stop: 'idle', retryAt: null };
  const due = state.nextAttemptAt === null || Date.parse(state.nextAttemptAt) <= now().getTime();
  if (options.respectBackoff === true && !due) {
    return { ...result, stop: 'backoff', retryAt: Date.parse(state.nextAttemptAt ?? '') };
  }
  await requeueInterrupted(db);
  await pruneDone(db, new Date(now().getTime() - DONE_KEEP_MS), now());
  const pass: Pass = {
    deps: full,
    userId: await currentUserId(db),
    paused: state.pausedForSignIn,
    blocked: await rejectedEntityKeys(db),
    result,
  };
  let step: 'more' | 'stop' | 'settled' = 'more';
  while (step === 'more') step = await sendSnapshot(pass);
  if (step === 'settled' && result.sent > 0) await clearBackoff(db, state);
  return result;
}
