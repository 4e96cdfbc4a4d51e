// The context every service write takes, one shape in every area: its transaction, its clock,
// whether rows must be locked before what depends on them is read, and who acts. PostgreSQL
// locks them (SELECT … FOR UPDATE); SQLite write transactions begin IMMEDIATE (kysely.ts), so
// they are serialised already. Routes build it with http/writes.ts.
import type { Transaction } from 'kysely';
import type { OpenedDb } from './kysely.ts';
import type { Database, Role } from './schema.ts';

/** The signed-in user a write is made for (an admin's id, a client's ownership check…). */
export interface Actor {
  userId: number;
  username: string;
  role: Role;
}

export interface WriteContext {
  trx: Transaction<Database>;
  now: Date;
  /** True on PostgreSQL. */
  rowLocks: boolean;
  /** null when nobody is signed in: a guest order, an application, a password reset. */
  actor: Actor | null;
}

/** The same context where the route admits only signed-in callers (every admin write). */
export type SignedInWrite = WriteContext & { actor: Actor };

export function writeContextOf(
  opened: OpenedDb,
  trx: Transaction<Database>,
  actor: Actor | null = null,
): WriteContext {
  return { trx, now: new Date(), rowLocks: opened.dialect === 'postgres', actor };
}
