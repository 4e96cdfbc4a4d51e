// Pruning the notification queue (the retention sweep, privacy/retention.service.ts): rows
// finished ('sent', 'failed', 'skipped') and queued more than RETENTION_DAYS ago go, with their
// push_deliveries (which name the notification by id, without a foreign key). Kept: rows not
// finished, and reminder rows until the start they remind of has passed — the reminder scan
// (notifications.repository.ts reminderCandidates) finds a reminder already queued by its
// key, sign-up and round start, for rounds still ahead; without the row it would remind again.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const FINISHED = ['sent', 'failed', 'skipped'] as const;

/** One batch: the ids of up to `size` prunable rows, deleted with their deliveries. */
export async function pruneNotificationBatch(
  db: Kysely<Database>,
  cutoff: string,
  now: string,
  size: number,
): Promise<{ ids: number[] }> {
  const rows = await db
    .selectFrom('notifications as n')
    .select('n.id')
    .where('n.status', 'in', FINISHED)
    .where('n.created_at', '<', cutoff)
    // A reminder's key ends with the start it reminds of (an ISO time, 24 characters): kept
    // while that is ahead. The scan only looks for the key of a round's current start, which is
    // ahead, so this keeps every row it may look for (and a moved round's old one a while).
    .where((eb) =>
      eb.or([
        eb('n.kind', '<>', 'round.reminder'),
        eb(
          sql<string>`substr(${sql.ref('n.event_key')}, length(${sql.ref('n.event_key')}) - 23)`,
          '<=',
          now,
        ),
      ]),
    )
    .orderBy('n.id')
    .limit(size)
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { ids };
  await db.deleteFrom('push_deliveries').where('notification_id', 'in', ids).execute();
  await db.deleteFrom('notifications').where('id', 'in', ids).execute();
  return { ids };
}
