// Helpers for the rounds API tests: the claims the spec's bodies and queries carry, the cast of
// people every rounds test needs (real users with real login sessions), and direct reads of
// the sign-ups table to check what a call really changed.
import type { Db } from '#server/db/kysely';
import type { SignupStatus } from '#server/db/schema';
import { createSignedInUser, type SignedInUser, type TestUser } from '../../support/factories.ts';

/** The spec's volunteer claims for a GET query. */
export function volunteerQuery(person: SignedInUser): string {
  return `authenticated=true&userId=${person.id}&userRole=VOLUNTEER`;
}

/** The spec's volunteer claims for a body. */
export function volunteerBody(person: SignedInUser, extra: object = {}): object {
  return { authenticated: true, userId: String(person.id), userRole: 'VOLUNTEER', ...extra };
}

/** The spec's admin claims for a body. */
export function adminBody(person: SignedInUser, extra: object = {}): object {
  return { authenticated: true, adminUsername: person.username, ...extra };
}

export function adminQuery(person: SignedInUser): string {
  return `authenticated=true&adminUsername=${person.username}`;
}

/** A signed-in user of the role (no password: these tests never log in through the form). */
export function person(db: Db, role: TestUser['role'], name = 'Sam'): Promise<SignedInUser> {
  return createSignedInUser(db, { role, password: null, firstName: name, lastName: 'Tester' });
}

export interface Cast {
  admin: SignedInUser;
  client: SignedInUser;
  volunteer: SignedInUser;
}

export async function cast(db: Db): Promise<Cast> {
  return {
    admin: await person(db, 'ADMIN', 'Ada'),
    client: await person(db, 'CLIENT', 'Cy'),
    volunteer: await person(db, 'VOLUNTEER', 'Val'),
  };
}

export async function signupsOf(
  db: Db,
  roundId: number,
): Promise<{ id: number; user_id: number; status: SignupStatus }[]> {
  return db
    .selectFrom('round_signups')
    .select(['id', 'user_id', 'status'])
    .where('round_id', '=', roundId)
    .orderBy('id')
    .execute();
}

export async function confirmedCount(db: Db, roundId: number): Promise<number> {
  return (await signupsOf(db, roundId)).filter((s) => s.status === 'CONFIRMED').length;
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
