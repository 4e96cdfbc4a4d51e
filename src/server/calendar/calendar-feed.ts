// A volunteer's rounds as an RFC 5545 calendar (ical-generator): one VEVENT per round, times
// in UTC (…Z), a UID per (round, volunteer) that never changes so calendar apps update an
// event in place, CONFIRMED sign-ups as STATUS:CONFIRMED and WAITLISTED ones as TENTATIVE.
// Only the round's own fields go in (title, place, times, description): never an order, an
// address, a phone or a client's name.
import ical, { ICalEventStatus } from 'ical-generator';
import type { FeedRound } from './calendar.types.ts';

/** The sign-up's state in words, as the sign-up's own reply says it (rounds.routes.ts). */
export const FEED_STATE_TEXT = {
  CONFIRMED: 'You are signed up for this round.',
  WAITLISTED: 'The round is full: you are on the waitlist.',
} as const;

/** How often calendar apps are asked to fetch again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

export interface FeedSite {
  siteTitle: string;
  /** PUBLIC_URL, no trailing slash. */
  publicUrl: string;
}

function descriptionOf(round: FeedRound): string {
  const state = FEED_STATE_TEXT[round.signup_status];
  const text = round.description?.trim() ?? '';
  return text === '' ? state : `${text}\n\n${state}`;
}

export function feedText(rounds: FeedRound[], userId: number, site: FeedSite, now: Date): string {
  const host = new URL(site.publicUrl).hostname;
  // The volunteer dashboard is the signed-in volunteer's home page.
  const dashboard = `${site.publicUrl}/`;
  const calendar = ical({
    name: `${site.siteTitle}: my rounds`,
    prodId: { company: site.siteTitle, product: 'Rounds', language: 'EN' },
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
      description: descriptionOf(round),
      url: dashboard,
      status:
        round.signup_status === 'CONFIRMED' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return calendar.toString();
}
