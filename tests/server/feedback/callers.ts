// The caller matrix of the public-form API tests: signed out, and one signed-in user per
// role. Users and login sessions are real rows made through the server's own repository, so
// the access plugin resolves them exactly as it does for a browser's cookie.
import type { Db } from '#server/db/kysely';
import type { Role } from '#server/db/schema';
import { LOGIN_COOKIE } from '#server/plugins/access';
import { createLoginSession } from '#server/auth/login-sessions.repository';

export interface Caller {
  label: string;
  userId: number | null;
  username: string | null;
  headers: Record<string, string>;
}

const HOUR = 60 * 60 * 1000;

async function signedInCaller(db: Db, role: Role): Promise<Caller> {
  const username = `${role.toLowerCase()}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
  const now = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      username,
      username_key: username.toLowerCase(),
      email: null,
      email_key: null,
      phone: null,
      first_name: null,
      last_name: null,
      role,
      volunteer_subrole: role === 'VOLUNTEER' ? 'REGULAR' : null,
      subrole_notes: null,
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await createLoginSession(db, user.id, new Date(), { idleMs: HOUR, maxMs: HOUR });
  return {
    label: role,
    userId: user.id,
    username,
    headers: { cookie: `${LOGIN_COOKIE}=${session.token}` },
  };
}

export async function callerMatrix(db: Db): Promise<Caller[]> {
  const signedOut: Caller = { label: 'signed-out', userId: null, username: null, headers: {} };
  return [
    signedOut,
    await signedInCaller(db, 'CLIENT'),
    await signedInCaller(db, 'VOLUNTEER'),
    await signedInCaller(db, 'ADMIN'),
  ];
}
