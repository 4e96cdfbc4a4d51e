// Reads of the notification queue for the tests: what a change queued, by kind and event.
import type { Db } from '#server/db/kysely';

export interface QueuedRow {
  id: number;
  user_id: number;
  kind: string;
  event_key: string;
  channel: string;
  status: string;
  params: string;
  last_error: string | null;
  attempts: number;
}

export async function queued(db: Db, kind?: string): Promise<QueuedRow[]> {
  let query = db
    .selectFrom('notifications')
    .select([
      'id',
      'user_id',
      'kind',
      'event_key',
      'channel',
      'status',
      'params',
      'last_error',
      'attempts',
    ]);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  return query.orderBy('id').execute();
}

/** Rows of one event key, as "user:channel" sorted, to compare with who should get it. */
export async function recipientsOf(db: Db, eventKey: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', 'channel'])
    .where('event_key', '=', eventKey)
    .execute();
  return rows.map((r) => `${r.user_id}:${r.channel}`).sort();
}

/** Both channels for each user, in recipientsOf's form. */
export function bothChannels(userIds: readonly number[]): string[] {
  return userIds.flatMap((id) => [`${id}:email`, `${id}:push`]).sort();
}

export async function countQueued(db: Db): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
