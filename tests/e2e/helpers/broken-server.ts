// Breaks the real server in ways that happen in production, through its own database: it
// loses secure sessions (a restart without the sessions table, a cleanup job, a second instance
// with another database) or cannot write a table. Nothing is mocked: the server answers for real.
import { sql } from 'kysely';
import type { Db } from '#server/db/kysely';

/** Deletes every secure session the server holds (the page's key becomes unknown). */
export async function forgetSecureSessions(db: Db): Promise<void> {
  await db.deleteFrom('secure_sessions').execute();
}

const TRIGGER = 'e2e_forget_completed_secure_sessions';
// A completed handshake inserts its row (a pending one, from older servers, was updated).
const INSERT_TRIGGER = 'e2e_forget_inserted_secure_sessions';

/**
 * From now on the server forgets each secure session the moment its handshake completes, so
 * a re-handshake "succeeds" for the client and the resend still meets SESSION_EXPIRED.
 */
export async function forgetEachNewSecureSession(db: Db): Promise<void> {
  await sql
    .raw(
      `create trigger ${TRIGGER} after update of aes_key on secure_sessions
       when new.aes_key is not null
       begin delete from secure_sessions where id = new.id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${INSERT_TRIGGER} after insert on secure_sessions
       when new.aes_key is not null
       begin delete from secure_sessions where id = new.id; end`,
    )
    .execute(db);
}

export async function rememberSecureSessionsAgain(db: Db): Promise<void> {
  await sql.raw(`drop trigger if exists ${TRIGGER}`).execute(db);
  await sql.raw(`drop trigger if exists ${INSERT_TRIGGER}`).execute(db);
}

/**
 * Runs `action` while the server cannot write login sessions (the table is renamed away), so
 * a login fails inside the server with a 500, as it would with a broken database.
 */
export async function withoutLoginSessionsTable(
  db: Db,
  action: () => Promise<void>,
): Promise<void> {
  await sql.raw('alter table login_sessions rename to e2e_login_sessions_away').execute(db);
  try {
    await action();
  } finally {
    await sql.raw('alter table e2e_login_sessions_away rename to login_sessions').execute(db);
  }
}
