// The calendar feed's reads and its one write: the link generation per volunteer
// (calendar_links; no row = generation 0), who may hold a feed, and the rounds a feed shows.
import type { Db } from '../db/kysely.ts';
import { serverSecret } from '../security/server-secrets.repository.ts';
import type { LiveSignupStatus } from '../db/schema.ts';
import type { FeedHolder, FeedRound } from './calendar.types.ts';

/** The server_secrets row of the feed tokens' HMAC key (calendar-token.ts). */
const CALENDAR_KEY_NAME = 'calendar-feed';

/** The HMAC key of feed tokens, made once and shared by every process (server_secrets). */
export function calendarKey(db: Db): Promise<Buffer> {
  return serverSecret(db, CALENDAR_KEY_NAME);
}

/**
 * The volunteer with this id and their link's generation, or undefined for anyone else: a
 * feed is a volunteer's (the rounds routes' VOLUNTEER role), so a link stops working when the
 * account is deleted or is no longer a volunteer.
 */
export async function findFeedHolder(db: Db, userId: number): Promise<FeedHolder | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('calendar_links as l', 'l.user_id', 'u.id')
    .select(['u.id', 'u.language', 'l.generation'])
    .where('u.id', '=', userId)
    .where('u.role', '=', 'VOLUNTEER')
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return { userId: row.id, generation: row.generation ?? 0, language: row.language };
}

/** Makes the user's next generation (the first rotate makes 1) and answers it. */
export async function bumpGeneration(db: Db, userId: number, now: Date): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .insertInto('calendar_links')
    .values({ user_id: userId, generation: 1, rotated_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        generation: eb('calendar_links.generation', '+', 1),
        rotated_at: at,
      })),
    )
    .returning('generation')
    .executeTakeFirstOrThrow();
  return row.generation;
}

/**
 * The rounds a volunteer's feed shows: those with their live sign-up (CONFIRMED or
 * WAITLISTED) that are not cancelled and have not ended, by start time. Only round columns:
 * orders, addresses and phones are never read here.
 */
export async function listFeedRounds(db: Db, userId: number, now: Date): Promise<FeedRound[]> {
  const rows = await db
    .selectFrom('round_signups as s')
    .innerJoin('rounds as r', 'r.id', 's.round_id')
    .select([
      'r.id',
      'r.title',
      'r.description',
      'r.location',
      'r.start_time',
      'r.end_time',
      'r.updated_at',
      's.status as signup_status',
    ])
    .where('s.user_id', '=', userId)
    // Written like the partial index's predicate (round_signups_one_live_per_volunteer).
    .where('s.status', '!=', 'CANCELLED')
    .where('r.status', '!=', 'CANCELLED')
    .where('r.end_time', '>', now.toISOString())
    .orderBy('r.start_time')
    .orderBy('r.id')
    .$narrowType<{ signup_status: LiveSignupStatus }>()
    .execute();
  return rows;
}
