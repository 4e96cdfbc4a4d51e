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

/** A login session as read, with its user (plugins/request-lookup.ts reads it). */
export interface LoginSessionRow {
  sessionId: string;
  lastSeenAt: string;
  expiresAt: string;
  user: SessionUser;
}

/**
 * The user of a login session as read, or undefined when it has expired (absolute or idle;
 * the row is then deleted). Moves the idle clock at most once a minute.
 */
export async function liveSessionUser(
  db: Db,
  row: LoginSessionRow | undefined,
  now: Date,
  idleMs: number,
): Promise<{ sessionId: string; user: SessionUser } | undefined> {
  if (row === undefined) return undefined;
  const lastSeenMs = new Date(row.lastSeenAt).getTime();
  if (row.expiresAt <= now.toISOString() || lastSeenMs + idleMs <= now.getTime()) {
    await deleteLoginSession(db, row.sessionId);
    return undefined;
  }
  // Touch at most once a minute: a read-heavy session should not write on every request.
  if (now.getTime() - lastSeenMs > 60_000) {
    await db
      .updateTable('login_sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return { sessionId: row.sessionId, user: row.user };
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
