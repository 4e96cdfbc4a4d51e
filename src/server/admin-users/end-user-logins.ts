// Ending a user's logins from inside an admin write (deletion, password reset, role change).
// The login sessions go in the write's own transaction, so they end exactly when the write
// commits. The secure sessions bound to them go after the commit: the secure-session
// repository opens a transaction of its own, which cannot nest in ours; until then they are
// useless anyway, since a bound secure session whose login is gone matches no live cookie.
import type { Transaction } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';
import { deleteUserLoginSessions, listLoginSessionIds } from '../auth/login-sessions.repository.ts';
import { endSecureSessionsOfLogin } from '../security/secure-sessions.repository.ts';

/** Deletes every login session of the user; returns their ids for endBoundSecureSessions. */
export async function endLoginsIn(trx: Transaction<Database>, userId: number): Promise<string[]> {
  const ids = await listLoginSessionIds(trx, userId);
  await deleteUserLoginSessions(trx, userId);
  return ids;
}

/** After the commit: ends the secure sessions bound to the ended logins. */
export async function endBoundSecureSessions(db: Db, loginSessionIds: string[]): Promise<void> {
  for (const id of loginSessionIds) await endSecureSessionsOfLogin(db, id);
}
