// The volunteer's calendar feed link and the feed itself (beyond-spec.md section 3 "Calendar
// feed"). A link is `<token>.ics` for the volunteer's current generation (calendar-token.ts):
// reading it writes nothing, rotating bumps the generation in the caller's transaction, and a
// feed request is answered only for a token of the current generation of a volunteer who
// still is one. Every other token gets the same answer as one never issued (undefined here).
import { MAX_ID } from '#shared/contracts/ids';
import type { Language } from '#shared/i18n/languages';
import type { Db } from '../db/kysely.ts';
import { recipientLanguage } from '../i18n/account-language.ts';
import type { WriteContext } from '../db/write-context.ts';
import { calendarFileOf, claimOfCalendarFile } from './calendar-token.ts';
import { bumpGeneration, findFeedHolder, listFeedRounds } from './calendar.repository.ts';
import type { FeedRound } from './calendar.types.ts';

/** The volunteer's current feed file name, `<token>.ics`. */
export async function currentCalendarFile(db: Db, key: Buffer, userId: number): Promise<string> {
  const holder = await findFeedHolder(db, userId);
  return calendarFileOf(key, { userId, generation: holder?.generation ?? 0 });
}

/** A new feed file name for the caller; every earlier one stops working at the commit. */
export async function rotateCalendarLink(
  write: WriteContext,
  key: Buffer,
  userId: number,
): Promise<string> {
  const generation = await bumpGeneration(write.trx, userId, write.now);
  return calendarFileOf(key, { userId, generation });
}

export interface FeedContent {
  userId: number;
  language: Language;
  rounds: FeedRound[];
}

/** The rounds the feed at `file` shows, or undefined when `file` opens no feed. */
export async function feedContentOf(
  db: Db,
  key: Buffer,
  file: string,
  now: Date,
): Promise<FeedContent | undefined> {
  const claim = claimOfCalendarFile(key, file);
  // A signed id past the column's range was never issued (and PostgreSQL would refuse it).
  if (claim === null || claim.userId < 1 || claim.userId > MAX_ID) return undefined;
  const holder = await findFeedHolder(db, claim.userId);
  if (holder === undefined || holder.generation !== claim.generation) return undefined;
  const { userId } = holder;
  // The feed's own words follow the owner's choice (English when never chosen).
  const language = recipientLanguage(holder.language);
  return { userId, language, rounds: await listFeedRounds(db, userId, now) };
}
