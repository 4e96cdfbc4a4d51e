// The notification queue's SQL (the notifications table and users' preference columns).
// The claim takes due rows FOR UPDATE SKIP LOCKED on PostgreSQL (inside the worker's job
// transaction), so processes sharing a database never take the same row; SQLite has one writer.
import { sql, type Transaction } from 'kysely';
import { inList } from '../db/in-list.ts';
import type { Db } from '../db/kysely.ts';
import type { Database, LiveSignupStatus, NotificationStatus } from '../db/schema.ts';
import type {
  ClaimedNotification,
  NotificationChannelName,
  Recipient,
  ReminderCandidate,
} from './notifications.types.ts';

type Trx = Transaction<Database>;

export const CHANNELS: readonly NotificationChannelName[] = ['push', 'email'];

export interface NewNotification {
  userId: number;
  kind: string;
  eventKey: string;
  params: string;
  dueAt: string;
}

/** One row per (recipient, channel); an (event, person, channel) already queued is left as is. */
export async function insertNotifications(
  db: Db | Trx,
  rows: readonly NewNotification[],
  now: string,
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.flatMap((row) =>
    CHANNELS.map((channel) => ({
      user_id: row.userId,
      kind: row.kind,
      event_key: row.eventKey,
      channel,
      params: row.params,
      due_at: row.dueAt,
      status: 'pending' as const,
      next_attempt_at: row.dueAt,
      created_at: now,
    })),
  );
  await db
    .insertInto('notifications')
    .values(values)
    .onConflict((oc) => oc.columns(['event_key', 'user_id', 'channel']).doNothing())
    .execute();
}

/** The people with a live sign-up of one of `statuses` on the round. */
export async function signedUpUserIds(
  db: Db | Trx,
  roundId: number,
  statuses: readonly LiveSignupStatus[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('round_signups')
    .select('user_id')
    .distinct()
    .where('round_id', '=', roundId)
    .where('status', 'in', statuses)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function adminUserIds(db: Db | Trx): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'ADMIN').execute();
  return rows.map((r) => r.id);
}

/** Items of `itemIds` with nothing left, with the time of their last stock change. */
export async function emptyItems(
  db: Db | Trx,
  itemIds: readonly number[],
): Promise<{ id: number; name: string; updatedAt: string }[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .selectFrom('cargo_items')
    .select(['id', 'name', 'updated_at'])
    .where('id', 'in', itemIds)
    .where('quantity', '<=', 0)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, updatedAt: r.updated_at }));
}

/**
 * Claims up to `limit` rows due at `now`: pending ones, and 'sending' ones whose lease ran out
 * (their worker died mid-send). Each is marked 'sending' with attempts + 1 and a lease until
 * `leaseUntil`, in the caller's transaction.
 */
export async function claimDue(
  trx: Trx,
  now: string,
  leaseUntil: string,
  limit: number,
  rowLocks: boolean,
): Promise<ClaimedNotification[]> {
  let query = trx
    .selectFrom('notifications')
    .select(['id', 'user_id', 'kind', 'event_key', 'channel', 'params', 'attempts'])
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  if (rowLocks) query = query.forUpdate().skipLocked();
  const rows = await query.execute();
  if (rows.length === 0) return [];
  await trx
    .updateTable('notifications')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      next_attempt_at: leaseUntil,
    }))
    .where('id', 'in', inList(rows.map((r) => r.id)))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    kind: r.kind,
    eventKey: r.event_key,
    channel: r.channel,
    params: r.params,
    attempts: r.attempts + 1,
  }));
}

/** What a claimed row became: 'sent', 'skipped', 'failed', or 'pending' again to retry. */
export interface NotificationChange {
  status: NotificationStatus;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt?: string;
}

/**
 * Records claimed rows' outcomes, only while each is still its claim's ('sending'), in the
 * caller's transaction: one UPDATE per distinct change (a pass's sent rows share one).
 */
export async function finishNotifications(
  trx: Trx,
  finished: readonly { id: number; change: NotificationChange }[],
): Promise<void> {
  const idsByChange = new Map<string, { change: NotificationChange; ids: number[] }>();
  for (const { id, change } of finished) {
    const key = JSON.stringify([
      change.status,
      change.lastError,
      change.sentAt,
      change.nextAttemptAt,
    ]);
    const group = idsByChange.get(key) ?? { change, ids: [] };
    group.ids.push(id);
    idsByChange.set(key, group);
  }
  for (const { change, ids } of idsByChange.values()) {
    await trx
      .updateTable('notifications')
      .set({
        status: change.status,
        last_error: change.lastError,
        sent_at: change.sentAt,
        ...(change.nextAttemptAt === undefined ? {} : { next_attempt_at: change.nextAttemptAt }),
      })
      .where('id', 'in', inList(ids.sort((a, b) => a - b)))
      .where('status', '=', 'sending')
      .execute();
  }
}

/** The people of `userIds` who exist, by id. */
export async function findRecipients(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, Recipient>> {
  const found = new Map<number, Recipient>();
  if (userIds.length === 0) return found;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified', 'notify_push', 'notify_email', 'language'])
    .where('id', 'in', inList([...new Set(userIds)]))
    .execute();
  for (const row of rows) {
    found.set(row.id, {
      language: row.language,
      userId: row.id,
      email: row.email,
      emailVerified: row.email_verified === 1,
      notifyPush: row.notify_push === 1,
      notifyEmail: row.notify_email === 1,
    });
  }
  return found;
}

export async function findPreferences(
  db: Db | Trx,
  userId: number,
): Promise<{ push: boolean; email: boolean } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['notify_push', 'notify_email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : { push: row.notify_push === 1, email: row.notify_email === 1 };
}

/** Sets the given preferences; false when there is no such user. */
export async function setPreferences(
  db: Db | Trx,
  userId: number,
  prefs: { push?: boolean; email?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      ...(prefs.push === undefined ? {} : { notify_push: prefs.push ? 1 : 0 }),
      ...(prefs.email === undefined ? {} : { notify_email: prefs.email ? 1 : 0 }),
    })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * CONFIRMED sign-ups of scheduled rounds starting in (now, until] with no reminder queued for
 * the round's current start time (the event key holds it: a moved round is reminded again).
 */
export async function reminderCandidates(
  db: Db | Trx,
  now: string,
  until: string,
  limit: number,
): Promise<ReminderCandidate[]> {
  const rows = await db
    .selectFrom('round_signups as s')
    .innerJoin('rounds as r', 'r.id', 's.round_id')
    .select([
      's.id as signup_id',
      's.user_id',
      'r.id as round_id',
      'r.title',
      'r.start_time',
      'r.location',
    ])
    .where('s.status', '=', 'CONFIRMED')
    .where('r.status', '=', 'SCHEDULED')
    .where('r.start_time', '>', now)
    .where('r.start_time', '<=', until)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications as n')
            .select(sql`1`.as('one'))
            .whereRef('n.user_id', '=', 's.user_id')
            .where('n.channel', '=', 'push')
            .where(
              'n.event_key',
              '=',
              sql<string>`${'round.reminder:signup:'} || cast(${sql.ref('s.id')} as text) || ${':'} || ${sql.ref('r.start_time')}`,
            ),
        ),
      ),
    )
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    signupId: r.signup_id,
    userId: r.user_id,
    roundId: r.round_id,
    title: r.title,
    startTime: r.start_time,
    location: r.location,
  }));
}

/**
 * The reminders that still hold: the sign-up CONFIRMED, its round SCHEDULED at the start the
 * reminder names (a moved round's old reminder does not; its new one does).
 */
export async function remindersStillHolding<R extends { signupId: number; startTime: string }>(
  db: Db,
  reminders: readonly R[],
): Promise<R[]> {
  if (reminders.length === 0) return [];
  const rows = await db
    .selectFrom('round_signups as s')
    .innerJoin('rounds as r', 'r.id', 's.round_id')
    .select(['s.id', 'r.start_time'])
    .where('s.id', 'in', inList([...new Set(reminders.map((r) => r.signupId))]))
    .where('s.status', '=', 'CONFIRMED')
    .where('r.status', '=', 'SCHEDULED')
    .execute();
  const startOf = new Map(rows.map((row) => [row.id, row.start_time]));
  return reminders.filter((r) => startOf.get(r.signupId) === r.startTime);
}
