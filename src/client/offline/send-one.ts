// One attempt at one outbox row, and what it did to the row. Each state change is its own
// Dexie transaction, so a reload at any point leaves the row queued, sending (re-queued by
// the next replayer), done or rejected — never lost.
import { t } from '../i18n/i18n.ts';
import type { AppDb } from './app-db.ts';
import { undoLocalChanges } from './local-changes.ts';
import { replyMessage, type OutboxTransport } from './outbox-transport.ts';
import type { OutboxRow } from './types.ts';
import { verdictOf, type Verdict } from './verdict.ts';

export type AttemptOutcome = Verdict | 'skipped';

/** Marks the row sending; false when it is no longer queued (another tab, a discard). */
async function claimRow(db: AppDb, seq: number, now: Date): Promise<OutboxRow | null> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(seq);
    if (row?.status !== 'queued') return null;
    const claimed: OutboxRow = {
      ...row,
      status: 'sending',
      attempts: row.attempts + 1,
      lastAttemptAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await db.outbox.put(claimed);
    return claimed;
  });
}

async function backToQueue(db: AppDb, seq: number, error: string, now: Date): Promise<void> {
  await db.outbox.update(seq, { status: 'queued', lastError: error, updatedAt: now.toISOString() });
}

/** A refusal: undo the optimistic change and keep the row for "Needs attention". */
async function reject(
  db: AppDb,
  row: OutboxRow,
  verdict: { status: number; body: unknown },
  now: Date,
): Promise<void> {
  await db.transaction('rw', db.writeScope(), async () => {
    await undoLocalChanges(db, row.undo);
    await db.outbox.update(row.seq, {
      status: 'rejected',
      verdict,
      lastError: replyMessage(verdict),
      undo: [],
      updatedAt: now.toISOString(),
    });
  });
}

export async function sendOne(
  db: AppDb,
  transport: OutboxTransport,
  seq: number,
  now: () => Date,
): Promise<AttemptOutcome> {
  const row = await claimRow(db, seq, now());
  if (row === null) return 'skipped';
  let reply;
  try {
    reply = await transport({
      method: row.method,
      path: row.path,
      body: row.payload,
      idempotencyKey: row.idempotencyKey,
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    await backToQueue(db, seq, t('common.offline.unreachable', { detail }), now());
    return 'transient';
  }
  const verdict = verdictOf(reply);
  switch (verdict) {
    case 'done':
      await db.outbox.update(seq, {
        status: 'done',
        verdict: { status: reply.status, body: reply.body },
        lastError: null,
        undo: [],
        updatedAt: now().toISOString(),
      });
      break;
    case 'rejected':
      await reject(db, row, { status: reply.status, body: reply.body }, now());
      break;
    case 'transient':
    case 'signed-out':
      await backToQueue(db, seq, replyMessage(reply), now());
      break;
  }
  return verdict;
}
