// What the volunteer specs set up: rounds on a chosen day, straight into the e2e server's
// database (with their titles, which name the cards), the sign-ups as stored, and a volunteer
// logged in through the login page.
import type { Page } from 'playwright-core';
import type { Db } from '#server/db/kysely';
import {
  createTestRound,
  createUser,
  uniqueUsername,
  type RoundOverrides,
  type TestUser,
} from '../../support/factories.ts';
import { shown } from '../helpers/waits.ts';
import { LoginPage } from './login-page.ts';
import { VolunteerDashboard } from './volunteer-dashboard.ts';

/** The password the volunteers of these specs are created with. */
export const VOLUNTEER_PASSWORD = 'gauze12345';

function utcDate(daysFromToday: number, hour: number): Date {
  const now = new Date();
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysFromToday, hour),
  );
}

/** Noon UTC `days` from today (the same calendar day in UTC and here). */
export function noonIn(days: number): Date {
  return utcDate(days, 12);
}

/** Tomorrow at `hour`:00 UTC. */
export function tomorrowAt(hour: number): Date {
  return utcDate(1, hour);
}

export async function titleOf(db: Db, roundId: number): Promise<string> {
  const row = await db
    .selectFrom('rounds')
    .select('title')
    .where('id', '=', roundId)
    .executeTakeFirstOrThrow();
  return row.title;
}

/** A round starting at `start` (SCHEDULED, 5 places unless `overrides` say otherwise). */
export async function aRound(
  db: Db,
  start: Date,
  overrides: Omit<RoundOverrides, 'start' | 'startsInMs'> = {},
): Promise<{ id: number; title: string }> {
  const id = await createTestRound(db, { ...overrides, start });
  return { id, title: await titleOf(db, id) };
}

/** The round's sign-ups in the order they were made. */
export async function signupsOf(db: Db, roundId: number) {
  return db
    .selectFrom('round_signups')
    .select(['user_id', 'status'])
    .where('round_id', '=', roundId)
    .orderBy('id')
    .execute();
}

/** A new VOLUNTEER whose username starts with `prefix`. */
export function aVolunteer(db: Db, prefix: string): Promise<TestUser> {
  const username = uniqueUsername(prefix);
  return createUser(db, { username, role: 'VOLUNTEER', password: VOLUNTEER_PASSWORD });
}

/** Logs in as the volunteer (made with VOLUNTEER_PASSWORD) and waits for their welcome. */
export async function logInAsVolunteer(page: Page, username: string): Promise<VolunteerDashboard> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logInAs(username, VOLUNTEER_PASSWORD);
  const dashboard = new VolunteerDashboard(page);
  await shown(dashboard.welcome(username));
  return dashboard;
}
