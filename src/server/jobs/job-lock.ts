// "Run this on exactly one process": background work (the retention sweep, idempotency
// pruning, and later the notification worker) runs in every process, and each unit of it is
// done in a transaction that holds the job's lock, so with N processes on one PostgreSQL a
// unit is done by one of them, once.
// - PostgreSQL: a transaction-scoped advisory lock on the job's name (pg_advisory_xact_lock;
//   per database, so two deployments never block each other). It is let go at COMMIT or
//   ROLLBACK, also when the process dies mid-unit, so no lock is ever left behind. `wait`
//   decides what a second process does: wait for the unit in progress and then do the next one
//   (a batch loop: the next SELECT runs after the other's COMMIT and sees its rows as done),
//   or skip this round (a periodic job someone else is running right now).
// - SQLite: one process owns the file; the transaction alone is enough.
// Work that is a queue of rows (notifications) should also claim its rows with
// FOR UPDATE SKIP LOCKED inside such a transaction, so processes can share one run.
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';

export type JobName =
  'retention-sweep' | 'idempotency-pruning' | 'notifications' | 'notification-reminders';

export type JobOutcome<T> = { ran: true; value: T } | { ran: false };

function onPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs `unit` in a transaction holding `job`'s lock. With `wait: false` it returns
 * `{ ran: false }` at once when another process holds the lock.
 */
export async function inJobTransaction<T>(
  db: Db,
  job: JobName,
  options: { wait: boolean },
  unit: (trx: Transaction<Database>) => Promise<T>,
): Promise<JobOutcome<T>> {
  const postgres = onPostgres(db);
  return db.transaction().execute(async (trx): Promise<JobOutcome<T>> => {
    if (postgres) {
      const key = `streetmed-job:${job}`;
      if (options.wait) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      } else {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as locked`.execute(trx);
        if (rows[0]?.locked !== true) return { ran: false };
      }
    }
    return { ran: true, value: await unit(trx) };
  });
}
