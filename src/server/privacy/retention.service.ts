// The retention sweep (beyond-spec.md section 2 "Retention"): removes personal data from
// orders COMPLETED or CANCELLED longer than RETENTION_DAYS ago and from feedback as old, and
// deletes applications rejected as long ago. It works in batches, each one transaction with
// its audit entry, and gives the event loop back between batches, so a backlog of 100,000
// orders never holds the database or the requests up for long.
// The notification queue is pruned in the same sweep (pruneNotifications): finished rows
// queued longer than RETENTION_DAYS ago, except reminders whose round is still ahead.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AuditTargetType } from '#shared/contracts/audit';
import { appendAudit } from '../audit/audit.repository.ts';
import type { AuditActor } from '../audit/audit.types.ts';
import type { Db } from '../db/kysely.ts';
import { inJobTransaction } from '../jobs/job-lock.ts';
import type { PurgeCounts } from './privacy.types.ts';
import { pruneNotificationBatch } from '../notifications/notification-pruning.repository.ts';
import {
  deleteRejectedApplicationBatch,
  purgeFeedbackBatch,
  purgeOrderBatch,
  type PurgedBatch,
} from './retention.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TARGET_OF: Record<keyof PurgeCounts, AuditTargetType> = {
  orders: 'order',
  feedback: 'feedback',
  applications: 'application',
};
export const SWEEP_BATCH_SIZE = 500;

export interface SweepOptions {
  now: Date;
  retentionDays: number;
  /** The admin who asked (POST /api/admin/privacy/purge); null for the scheduled sweep. */
  actor: AuditActor | null;
  batchSize?: number;
}

type BatchWrite = (trx: Db, cutoff: string, now: string, size: number) => Promise<PurgedBatch>;

/** Runs one kind of batch until nothing is left; returns how many rows it changed. */
async function sweepKind(
  db: Db,
  options: SweepOptions,
  kind: keyof PurgeCounts,
  write: BatchWrite,
): Promise<number> {
  const now = options.now.toISOString();
  const cutoff = new Date(options.now.getTime() - options.retentionDays * DAY_MS).toISOString();
  const size = options.batchSize ?? SWEEP_BATCH_SIZE;
  const targetType = TARGET_OF[kind];
  let total = 0;
  for (;;) {
    // One batch at a time over all processes: a second process's batch waits for this one's
    // COMMIT and then finds the next rows, so no row is purged (and audited) twice.
    const locked = await inJobTransaction(db, 'retention-sweep', { wait: true }, async (trx) => {
      const done = await write(trx, cutoff, now, size);
      if (done.ids.length > 0) {
        await appendAudit(trx, options.now, [
          {
            actor: options.actor,
            action: 'privacy.purge',
            targetType,
            targetId: null,
            details: { kind, count: done.ids.length, ids: done.ids, cutoff },
          },
        ]);
      }
      return done;
    });
    const batch = locked.ran ? locked.value : { ids: [] };
    total += batch.ids.length;
    if (batch.ids.length < size) return total;
    await nextTurn(); // let waiting requests run between batches
  }
}

/**
 * The notification queue's finished rows older than the retention (and their push deliveries),
 * in batches like the rest; they hold no personal data beyond who was told what, so no audit
 * entry. Returns how many rows went.
 */
export async function pruneNotifications(db: Db, options: SweepOptions): Promise<number> {
  const now = options.now.toISOString();
  const cutoff = new Date(options.now.getTime() - options.retentionDays * DAY_MS).toISOString();
  const size = options.batchSize ?? SWEEP_BATCH_SIZE;
  let total = 0;
  for (;;) {
    const locked = await inJobTransaction(db, 'retention-sweep', { wait: true }, (trx) =>
      pruneNotificationBatch(trx, cutoff, now, size),
    );
    const pruned = locked.ran ? locked.value.ids.length : 0;
    total += pruned;
    if (pruned < size) return total;
    await nextTurn();
  }
}

export async function sweepPersonalData(db: Db, options: SweepOptions): Promise<PurgeCounts> {
  const orders = await sweepKind(db, options, 'orders', purgeOrderBatch);
  const feedback = await sweepKind(db, options, 'feedback', purgeFeedbackBatch);
  const applications = await sweepKind(db, options, 'applications', (trx, cutoff, _now, size) =>
    deleteRejectedApplicationBatch(trx, cutoff, size),
  );
  const counts = { orders, feedback, applications };
  await pruneNotifications(db, options);
  // An admin's purge is an admin action: recorded even when there was nothing to remove.
  if (options.actor !== null) {
    const summary = { kind: 'summary', ...counts };
    await appendAudit(db, options.now, [
      {
        actor: options.actor,
        action: 'privacy.purge',
        targetType: null,
        targetId: null,
        details: summary,
      },
    ]);
  }
  return counts;
}
