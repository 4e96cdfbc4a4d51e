// Login sessions: the server-side record behind the HttpOnly cookie. Only the SHA-256 of the
// cookie's token is stored, so a database leak does not hand out live sessions.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/kysely.ts';
import type { Role, VolunteerSubRole } from '../db/schema.ts';

export interface SessionUser {
  userId: number;
  username: string;
  role: Role;
  email: string | null;
  /** The email was proven by a mailed code (false without an email). */
  emailVerified: boolean;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  volunteerSubRole: VolunteerSubRole | null;
  /** users.language as stored: the chosen language, null while never chosen (section 4). */
  language: string | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createLoginSession(
  db: Db,
  userId: number,
  now: Date,
  lifetimes: { idleMs: number; maxMs: number },
): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  await db
    .insertInto('login_sessions')
    .values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimes.maxMs).toISOString(),
    })
    .execute();
  return { token, id };
}

/** The user behind a cookie token, or undefined when the session is unknown or expired. */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
  idleMs: number,
): Promise<{ sessionId: string; user: SessionUser } | undefined> {
  const id = hashToken(token);
  const row = await db
    .selectFrom('login_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.last_seen_at',
      's.expires_at',
      'u.id as userId',
      'u.username',
      'u.role',
      'u.email',
      'u.email_verified',
      'u.phone',
      'u.first_name',
      'u.last_name',
      'u.volunteer_subrole',
      'u.language',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const idleDeadline = new Date(row.last_seen_at).getTime() + idleMs;
  if (row.expires_at <= now.toISOString() || idleDeadline <= now.getTime()) {
    await deleteLoginSession(db, id);
    return undefined;
  }
  // Touch at most once a minute: a read-heavy session should not write on every request.
  if (now.getTime() - new Date(row.last_seen_at).getTime() > 60_000) {
    await db
      .updateTable('login_sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }
  return {
    sessionId: row.sessionId,
    user: {
      userId: row.userId,
      username: row.username,
      role: row.role,
      email: row.email,
      emailVerified: row.email !== null && row.email_verified === 1,
      phone: row.phone,
      firstName: row.first_name,
      lastName: row.last_name,
      volunteerSubRole: row.volunteer_subrole,
      language: row.language,
    },
  };
}

export async function deleteLoginSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('login_sessions').where('id', '=', id).execute();
}

/** Ends every login of a user (password change or reset, role change, deletion). */
export async function deleteUserLoginSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('login_sessions').where('user_id', '=', userId).execute();
}

/** The ids of a user's login sessions (to end the secure sessions bound to them). */
export async function listLoginSessionIds(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('login_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.id);
}

/** Ends every login of a user except one (a password change keeps the caller signed in). */
export async function deleteOtherLoginSessions(
  db: Db,
  userId: number,
  keepId: string,
): Promise<void> {
  await db
    .deleteFrom('login_sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .execute();
}
