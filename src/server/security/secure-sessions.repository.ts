// Secure sessions in the database (wire-protocol.md "Secure session" item 5), so a restart or a
// second app process keeps them. State kept here:
// - secure_sessions: one row per completed handshake: aes_key set, expires_at = the absolute
//   expiry; last_used_at drives the idle expiry. A pending handshake has no row: its session id
//   carries it (handshake-seal.ts). Pending rows (server_private_key set, aes_key null, a
//   minute's expiry) were written by processes before that and are still completed.
// - secure_session_ivs: every IV seen in an encrypted request body, keyed (session_id, iv), so
//   the primary key itself refuses a replay, even two racing ones.
// - secure_sessions.message_count: the messages a session accepted, raised with each IV row in
//   one transaction; a session takes at most SECURE_SESSION_MAX_MESSAGES.
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/kysely.ts';

/**
 * Encrypted request bodies one secure session accepts (beyond-spec.md "Cheap refusals"). It
 * bounds the IV rows one handshake can leave behind and the messages sealed under one key; a
 * client re-handshakes when told SESSION_EXPIRED, so a long-lived tab just gets a fresh key.
 */
export const SECURE_SESSION_MAX_MESSAGES = 10_000;

export interface ActiveSecureSession {
  id: string;
  aesKey: string;
  loginSessionId: string | null;
  lastUsedAt: string;
  expiresAt: string;
  messageCount: number;
}

/** A pending row as processes before handshake-seal.ts wrote them (tests make such rows). */
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

type CompletedRow = { id: string; aesKey: string; now: Date; expiresAt: Date };

/**
 * Stores a completed handshake. The primary key refuses a second completion of one session id,
 * even two racing ones; false = the id already has a row.
 * The reply does not wait for the row to be durable: a crash may lose the last moment's
 * sessions, whose clients meet SESSION_EXPIRED and re-handshake, the path every client has.
 * That wait (an fsync on SQLite, a WAL flush on PostgreSQL) was most of a handshake's time.
 */
export async function insertCompletedSession(db: Db, row: CompletedRow): Promise<boolean> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return insertedBeforeSqliteSync(db, row);
  }
  // Asynchronous commit: visible to every process once this returns, the WAL flush comes
  // later. set_config(…, true) lasts for the statement's own transaction, commit included, so
  // one round trip does what BEGIN; SET LOCAL; INSERT; COMMIT would (0.4 ms against 0.7 here).
  const now = row.now.toISOString();
  const result = await sql`
    with relaxed as (select set_config('synchronous_commit', 'off', true))
    insert into secure_sessions (id, aes_key, created_at, last_used_at, expires_at)
    select ${row.id}, ${row.aesKey}, ${now}, ${now}, ${row.expiresAt.toISOString()} from relaxed
    on conflict (id) do nothing`.execute(db);
  return result.numAffectedRows === 1n;
}

/**
 * SQLite (one process, one connection): the answer comes as soon as the INSERT has run in the
 * group-commit batch, which every later statement reads, instead of once the batch's COMMIT
 * has synced. A failure after that answer (the batch's COMMIT) is not reported here: the
 * batch's other members fail with it, and this client re-handshakes.
 */
function insertedBeforeSqliteSync(db: Db, row: CompletedRow): Promise<boolean> {
  return new Promise((resolve, reject) => {
    db.transaction()
      .execute(async (trx) => {
        resolve(await insertSessionRow(trx, row));
      })
      .catch(reject);
  });
}

async function insertSessionRow(db: Db, row: CompletedRow): Promise<boolean> {
  const result = await db
    .insertInto('secure_sessions')
    .values({
      id: row.id,
      server_private_key: null,
      aes_key: row.aesKey,
      login_session_id: null,
      created_at: row.now.toISOString(),
      last_used_at: row.now.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** A completed session, whatever its expiry (the caller judges idle and absolute expiry). */
export async function findCompletedSession(
  db: Db,
  id: string,
): Promise<ActiveSecureSession | undefined> {
  const row = await db
    .selectFrom('secure_sessions')
    .select(['id', 'aes_key', 'login_session_id', 'last_used_at', 'expires_at', 'message_count'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row?.aes_key == null) return undefined;
  return {
    id: row.id,
    aesKey: row.aes_key,
    loginSessionId: row.login_session_id,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    messageCount: row.message_count,
  };
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('secure_sessions')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export type MessageRecord = 'recorded' | 'replayed' | 'capped';

/** Thrown inside recordMessage's transaction to roll back the count of a replayed message. */
class ReplayedIv extends Error {}

/**
 * Counts one message of a session and records its IV, in one transaction: 'replayed' when the
 * session has seen the IV before, 'capped' when it has already accepted its
 * SECURE_SESSION_MAX_MESSAGES (or is gone); either way nothing is stored. The count's
 * condition sits in the UPDATE itself, so racing messages can never push it past the cap.
 */
export async function recordMessage(
  db: Db,
  sessionId: string,
  iv: string,
  now: Date,
): Promise<MessageRecord> {
  return db
    .transaction()
    .execute(async (trx) => {
      const counted = await trx
        .updateTable('secure_sessions')
        .set((eb) => ({ message_count: eb('message_count', '+', 1) }))
        .where('id', '=', sessionId)
        .where('message_count', '<', SECURE_SESSION_MAX_MESSAGES)
        .executeTakeFirst();
      if (counted.numUpdatedRows !== 1n) return 'capped';
      const inserted = await trx
        .insertInto('secure_session_ivs')
        .values({ session_id: sessionId, iv, seen_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['session_id', 'iv']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return 'recorded';
      // A replay: the count's raise must not stay either. Thrown to roll the transaction back.
      throw new ReplayedIv();
    })
    .catch((error: unknown) => {
      if (error instanceof ReplayedIv) return 'replayed';
      throw error;
    });
}

/**
 * recordMessage in one statement, one round trip (PostgreSQL: data-modifying CTEs; the
 * transaction took four). The IV row is inserted only while the session is under its cap, and
 * the count raised only when that insert happened, so a replayed IV counts nothing. Of racing
 * messages at the cap, the UPDATE's own condition lets one through; a loser reports 'capped'
 * and leaves its IV row in a session that is used up, which refuses everything from then on.
 */
export async function recordMessageInOneStatement(
  db: Db,
  sessionId: string,
  iv: string,
  now: Date,
): Promise<MessageRecord> {
  const result = await sql<{ open: boolean; fresh: boolean; counted: boolean }>`
    with open as (
      select id from secure_sessions
      where id = ${sessionId} and message_count < ${SECURE_SESSION_MAX_MESSAGES}
    ), fresh as (
      insert into secure_session_ivs (session_id, iv, seen_at)
      select id, ${iv}, ${now.toISOString()} from open
      on conflict (session_id, iv) do nothing
      returning 1
    ), counted as (
      update secure_sessions set message_count = message_count + 1
      where id = ${sessionId} and message_count < ${SECURE_SESSION_MAX_MESSAGES}
        and exists (select 1 from fresh)
      returning 1
    )
    select exists (select 1 from open) as open, exists (select 1 from fresh) as fresh,
      exists (select 1 from counted) as counted`.execute(db);
  const row = result.rows[0];
  if (row === undefined || !row.open) return 'capped';
  if (!row.fresh) return 'replayed';
  return row.counted ? 'recorded' : 'capped';
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
