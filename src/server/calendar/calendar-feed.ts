// A volunteer's rounds as an RFC 5545 calendar (ical-generator): one VEVENT per round, times
// in UTC (…Z), a UID per (round, volunteer) that never changes so calendar apps update an
// event in place, CONFIRMED sign-ups as STATUS:CONFIRMED and WAITLISTED ones as TENTATIVE.
// Only the round's own fields go in (title, place, times, description): never an order, an
// address, a phone or a client's name. The feed's own words (its name, the sign-up's state)
// are in the owner's users.language, read at each fetch (issue 21); English when never chosen.
import ical, { ICalEventStatus } from 'ical-generator';
import type { Language } from '#shared/i18n/languages';
import type { LiveSignupStatus } from '../db/schema.ts';
import type { MessageId } from '#shared/i18n/messages';
import { translate } from '../i18n/translator.ts';
import type { FeedRound } from './calendar.types.ts';

/** The sign-up's state in words, as the sign-up's own reply says it (rounds.routes.ts). */
const FEED_STATE = {
  CONFIRMED: 'server.rounds.signupConfirmed',
  WAITLISTED: 'server.rounds.signupWaitlisted',
} as const satisfies Record<LiveSignupStatus, MessageId>;

/** The spec's English state texts, for tests. */
export const FEED_STATE_TEXT = {
  CONFIRMED: translate('en', FEED_STATE.CONFIRMED),
  WAITLISTED: translate('en', FEED_STATE.WAITLISTED),
} as const;

/** How often calendar apps are asked to fetch again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

export interface FeedSite {
  siteTitle: string;
  /** PUBLIC_URL, no trailing slash. */
  publicUrl: string;
}

function descriptionOf(round: FeedRound, language: Language): string {
  const state = translate(language, FEED_STATE[round.signup_status]);
  const text = round.description?.trim() ?? '';
  return text === '' ? state : `${text}\n\n${state}`;
}

export interface FeedOwner {
  userId: number;
  /** The owner's users.language (English when never chosen). */
  language: Language;
}

export function feedText(rounds: FeedRound[], owner: FeedOwner, site: FeedSite, now: Date): string {
  const { userId, language } = owner;
  const host = new URL(site.publicUrl).hostname;
  // The volunteer dashboard is the signed-in volunteer's home page.
  const dashboard = `${site.publicUrl}/`;
  const calendar = ical({
    name: translate(language, 'server.calendar.name', { site: site.siteTitle }),
    prodId: { company: site.siteTitle, product: 'Rounds', language: language.toUpperCase() },
    ttl: FEED_REFRESH_SECONDS,
    url: dashboard,
  });
  for (const round of rounds) {
    calendar.createEvent({
      id: `round-${round.id}-${userId}@${host}`,
      start: new Date(round.start_time),
      end: new Date(round.end_time),
      stamp: now,
      lastModified: new Date(round.updated_at),
      summary: round.title,
      location: round.location,
      description: descriptionOf(round, language),
      url: dashboard,
      status:
        round.signup_status === 'CONFIRMED' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return calendar.toString();
}
