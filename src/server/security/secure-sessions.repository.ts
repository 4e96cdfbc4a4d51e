// Secure sessions in the database (wire-protocol.md "Secure session" item 5), so a restart or a
// second app process keeps them. State kept here:
// - secure_sessions: one row per handshake. Pending: server_private_key set, aes_key null,
//   expires_at = creation + 1 minute. Completed: server_private_key null, aes_key set,
//   expires_at = the absolute expiry; last_used_at drives the idle expiry.
// - secure_session_ivs: every IV seen in an encrypted request body, keyed (session_id, iv), so
//   the primary key itself refuses a replay, even two racing ones.
import type { Db } from '../db/kysely.ts';

export interface ActiveSecureSession {
  id: string;
  aesKey: string;
  loginSessionId: string | null;
  lastUsedAt: string;
  expiresAt: string;
}

export async function insertPendingSession(
  db: Db,
  row: { id: string; serverPrivateKey: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('secure_sessions')
    .values({
      id: row.id,
      server_private_key: row.serverPrivateKey,
      aes_key: null,
      login_session_id: null,
      created_at: row.now.toISOString(),
      last_used_at: row.now.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    })
    .execute();
}

/** The server's private key of a handshake that is still pending and unexpired. */
export async function findPendingPrivateKey(
  db: Db,
  id: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('secure_sessions')
    .select('server_private_key')
    .where('id', '=', id)
    .where('aes_key', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.server_private_key ?? undefined;
}

/**
 * Completes a pending handshake. The conditions sit in the UPDATE itself, so of two racing
 * completions exactly one changes the row; false = unknown, expired or already completed.
 */
export async function completePendingSession(
  db: Db,
  id: string,
  aesKey: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('secure_sessions')
    .set({
      aes_key: aesKey,
      server_private_key: null,
      last_used_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .where('id', '=', id)
    .where('aes_key', 'is', null)
    .where('server_private_key', 'is not', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A completed session, whatever its expiry (the caller judges idle and absolute expiry). */
export async function findCompletedSession(
  db: Db,
  id: string,
): Promise<ActiveSecureSession | undefined> {
  const row = await db
    .selectFrom('secure_sessions')
    .select(['id', 'aes_key', 'login_session_id', 'last_used_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row?.aes_key == null) return undefined;
  return {
    id: row.id,
    aesKey: row.aes_key,
    loginSessionId: row.login_session_id,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('secure_sessions')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Records an IV; false when this session has seen it before (a replay). */
export async function recordIv(db: Db, sessionId: string, iv: string, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('secure_session_ivs')
    .values({ session_id: sessionId, iv, seen_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['session_id', 'iv']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Deletes the given sessions and their IVs in one transaction. */
async function deleteSessionsWhere(
  db: Db,
  select: (db: Db) => ReturnType<typeof selectIds>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('secure_session_ivs').where('session_id', 'in', select(trx)).execute();
    await trx.deleteFrom('secure_sessions').where('id', 'in', select(trx)).execute();
  });
}

function selectIds(db: Db) {
  return db.selectFrom('secure_sessions').select('id');
}

/** Removes pending handshakes and sessions past their absolute or idle expiry. */
export async function deleteExpiredSessions(db: Db, now: Date, idleMs: number): Promise<void> {
  const idleCutoff = new Date(now.getTime() - idleMs).toISOString();
  await deleteSessionsWhere(db, (d) =>
    selectIds(d).where((eb) =>
      eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_used_at', '<=', idleCutoff)]),
    ),
  );
}

export async function deleteSecureSession(db: Db, id: string): Promise<void> {
  await deleteSessionsWhere(db, (d) => selectIds(d).where('id', '=', id));
}

/** Binds a secure session to the login made through it (DESIGN.md "Security rules"). */
export async function bindSecureSessionToLogin(
  db: Db,
  secureSessionId: string,
  loginSessionId: string,
): Promise<void> {
  await db
    .updateTable('secure_sessions')
    .set({ login_session_id: loginSessionId })
    .where('id', '=', secureSessionId)
    .execute();
}

/** Ends the secure sessions bound to a login session (logout). */
export async function endSecureSessionsOfLogin(db: Db, loginSessionId: string): Promise<void> {
  await deleteSessionsWhere(db, (d) => selectIds(d).where('login_session_id', '=', loginSessionId));
}

/**
 * Ends the secure sessions bound to any login of a user (password change or reset). Call it
 * before deleting the user's login sessions; afterwards the plugin refuses them anyway, since a
 * bound session whose login is gone no longer matches any cookie.
 */
export async function endSecureSessionsOfUser(db: Db, userId: number): Promise<void> {
  await deleteSessionsWhere(db, (d) =>
    selectIds(d).where(
      'login_session_id',
      'in',
      d.selectFrom('login_sessions').select('id').where('user_id', '=', userId),
    ),
  );
}
