// The outbox (DESIGN.md offline rules 2–3): every write the user makes is queued here, in
// the same Dexie transaction as its optimistic change, with an idempotency key made then.
// A row leaves only when the server answered it: 'done' rows are acknowledged by the screen
// that queued them (or pruned), 'rejected' rows wait under "Needs attention" for Retry or
// Discard. The replayer (replayer.ts) is the only sender.
import type { Saying } from '../i18n/i18n.ts';
import type { AppDb } from './app-db.ts';
import { applyLocalChanges } from './local-changes.ts';
import { forgetSent, rememberSent } from './sent-receipts.ts';
import { currentUserId } from './session-user-store.ts';
import type { LocalChange, OutboxRow, WriteMethod } from './types.ts';

export interface QueuedAction {
  kind: string;
  /** A Message, worded when shown (OutboxRow.label); tests may give plain text. */
  label: Saying;
  method: WriteMethod;
  path: string;
  payload: unknown;
  /** Actions with the same key are sent in the order queued (e.g. 'order:12'). */
  entityKey?: string | null;
  /** The optimistic change to make now and undo if the server refuses. */
  changes?: LocalChange[];
  /** Default: the signed-in user kept on the device, or null when signed out. */
  ownerUserId?: number | null;
}

export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Queues an action and applies its optimistic change atomically; returns its seq. */
export async function enqueue(db: AppDb, action: QueuedAction, now = new Date()): Promise<number> {
  return db.transaction('rw', db.writeScope(), async () => {
    const changes = action.changes ?? [];
    const undo = await applyLocalChanges(db, changes);
    const owner = action.ownerUserId === undefined ? await currentUserId(db) : action.ownerUserId;
    const row: Omit<OutboxRow, 'seq'> = {
      kind: action.kind,
      label: action.label,
      method: action.method,
      path: action.path,
      payload: action.payload,
      entityKey: action.entityKey ?? null,
      ownerUserId: owner,
      idempotencyKey: newIdempotencyKey(),
      status: 'queued',
      attempts: 0,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      lastAttemptAt: null,
      lastError: null,
      verdict: null,
      changes,
      undo,
    };
    return db.outbox.add(row);
  });
}

/**
 * Retry of a refused action: its optimistic change is made again and it is queued with a
 * NEW idempotency key — the server keeps its refusal under the old key, and since it was a
 * refusal, nothing was written under it that a new key could duplicate.
 */
export async function retryRejected(db: AppDb, seq: number, now = new Date()): Promise<void> {
  await db.transaction('rw', db.writeScope(), async () => {
    const row = await db.outbox.get(seq);
    if (row?.status !== 'rejected') return;
    const undo = await applyLocalChanges(db, row.changes);
    await db.outbox.update(seq, {
      status: 'queued',
      idempotencyKey: newIdempotencyKey(),
      attempts: 0,
      lastError: null,
      verdict: null,
      undo,
      updatedAt: now.toISOString(),
    });
  });
}

/** Discard of a refused action (its optimistic change was undone when it was refused). */
export async function discardRejected(db: AppDb, seq: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.syncMeta, async () => {
    const row = await db.outbox.get(seq);
    if (row?.status !== 'rejected') return;
    await db.outbox.delete(seq);
    // The entity's latest action was not sent: an earlier "Sent ✓" no longer speaks for it.
    await forgetSent(db, row);
  });
}

/** The screen that queued an action has shown its outcome: a done or refused row may go. */
export async function acknowledge(db: AppDb, seq: number, now = new Date()): Promise<void> {
  await db.transaction('rw', db.outbox, db.syncMeta, async () => {
    const row = await db.outbox.get(seq);
    if (row?.status !== 'done' && row?.status !== 'rejected') return;
    await db.outbox.delete(seq);
    // A refusal the screen showed: as for a discard, an earlier "Sent ✓" is not this action's.
    if (row.status === 'rejected') await forgetSent(db, row);
    else await rememberSent(db, [row], now);
  });
}

/** Rows that may be sent now, in queue order. */
export async function queuedRows(db: AppDb): Promise<OutboxRow[]> {
  return db.outbox.where('status').equals('queued').sortBy('seq');
}

/** Entities held back by a refused action: later actions on them wait for Retry/Discard. */
export async function rejectedEntityKeys(db: AppDb): Promise<Set<string>> {
  const rejected = await db.outbox.where('status').equals('rejected').toArray();
  return new Set(rejected.flatMap((r) => (r.entityKey === null ? [] : [r.entityKey])));
}

/** Under the replayer's lock: a 'sending' row belongs to a replayer that died mid-send. */
export async function requeueInterrupted(db: AppDb): Promise<void> {
  await db.outbox.where('status').equals('sending').modify({ status: 'queued' });
}

/** Done rows nobody acknowledged (the screen was closed) go after a while. */
export async function pruneDone(db: AppDb, olderThan: Date, now = new Date()): Promise<void> {
  const cutoff = olderThan.toISOString();
  await db.transaction('rw', db.outbox, db.syncMeta, async () => {
    const done = db.outbox
      .where('status')
      .equals('done')
      .filter((r) => r.updatedAt < cutoff);
    await rememberSent(db, await done.toArray(), now);
    await done.delete();
  });
}
