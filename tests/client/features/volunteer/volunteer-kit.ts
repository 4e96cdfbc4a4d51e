// The volunteer screens' tests: a real server with a signed-in volunteer (the login cookie
// added to each call, as the browser would), rounds and orders made in its database, and the
// calendar's day buttons found by the date they show.
import { randomBytes } from 'node:crypto';
import { fireEvent, screen, within } from '@testing-library/react';
import { roundDateKey } from '#shared/rules/round-dates';
import type { Db } from '#server/db/kysely';
import type { OrderStatus, SignupStatus } from '#server/db/schema';
import { setSessionUser } from '#client/session/session-user';
import {
  createSignedInUser,
  createTestRound,
  type SignedInUser,
} from '../../../support/factories.ts';
import { sendLoginCookie } from '../../support/browser-cookie.ts';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** A volunteer signed in on this "browser" (session user set, cookie sent). */
export async function signedInVolunteer(db: Db): Promise<SignedInUser> {
  const volunteer = await volunteerAccount(db);
  signInVolunteer(volunteer);
  return volunteer;
}

/** A volunteer's account with a login, not yet signed in on this tab. */
export function volunteerAccount(db: Db): Promise<SignedInUser> {
  return createSignedInUser(db, { role: 'VOLUNTEER', password: null });
}

/**
 * Signs the tab in as the volunteer. The offline engine refreshes every list at once: seed
 * what a test expects in the first lists before this, or a refresh already under way may
 * miss part of it (on a loaded machine it reached the server between two inserts).
 */
export function signInVolunteer(volunteer: SignedInUser): void {
  sendLoginCookie(volunteer.cookie);
  setSessionUser({
    username: volunteer.username,
    userId: volunteer.id,
    role: 'VOLUNTEER',
    email: volunteer.email,
    phone: volunteer.phone,
  });
}

export interface SeededRound {
  id: number;
  title: string;
  startTime: string;
}

/** A SCHEDULED round starting `startsInMs` from now (noon UTC of that day, so the day is clear). */
export async function seedRound(
  db: Db,
  startsInMs: number,
  maxParticipants = 5,
): Promise<SeededRound> {
  const start = new Date(Date.now() + startsInMs);
  start.setUTCHours(12, 0, 0, 0);
  const title = `Round ${randomBytes(3).toString('hex')}`;
  const id = await createTestRound(db, {
    start,
    title,
    description: `About ${title}`,
    location: 'Market St',
    maxParticipants,
  });
  return { id, title, startTime: start.toISOString() };
}

export async function signupOf(
  db: Db,
  roundId: number,
  userId: number,
): Promise<SignupStatus | null> {
  const row = await db
    .selectFrom('round_signups')
    .select('status')
    .where('round_id', '=', roundId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.status ?? null;
}

export async function orderStatus(db: Db, orderId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.status;
}

/** The order moved on the server behind the volunteer's back (cancelled by its client…). */
export async function setOrderStatus(db: Db, orderId: number, status: OrderStatus): Promise<void> {
  await db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();
}

/** The round's day on the calendar (the UTC date of its start), turning months as needed. */
async function clickRoundDay(startTime: string): Promise<void> {
  const key = roundDateKey(startTime);
  for (let turns = 0; turns < 3; turns += 1) {
    const cell = document.querySelector(`[data-day="${key}"]:not([data-outside]) button`);
    if (cell instanceof HTMLButtonElement) {
      fireEvent.click(cell);
      return;
    }
    fireEvent.click(screen.getByRole('button', { name: /next month/i }));
  }
  throw new Error(`no calendar day ${key}`);
}

/** The round's day clicked on the calendar, and the 'Rounds on the date' dialog it opens. */
export async function openRoundDay(startTime: string): Promise<HTMLElement> {
  await clickRoundDay(startTime);
  return screen.findByRole('dialog', { name: 'Rounds on the date' });
}

/** A panel of the dashboard, by its heading. */
export function region(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The card (an article named by its title) inside a region or dialog. */
export function card(container: HTMLElement, title: string): HTMLElement {
  return within(container).getByRole('article', { name: title });
}

/**
 * A card that may still be on its way: the day's dialog lists the rounds the device has, and
 * a round made just now arrives with the list's refresh (an earlier test's round can already
 * highlight the same day).
 */
export function findCard(container: HTMLElement, title: string): Promise<HTMLElement> {
  return within(container).findByRole('article', { name: title }, { timeout: 10_000 });
}
