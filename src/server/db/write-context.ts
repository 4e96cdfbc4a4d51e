// The context of one write: its transaction, its clock, and whether rows must be locked before
// what depends on them is read. PostgreSQL locks them (SELECT … FOR UPDATE); SQLite write
// transactions begin IMMEDIATE (kysely.ts), so they are serialised already.
import type { Transaction } from 'kysely';
import type { OpenedDb } from './kysely.ts';
import type { Database } from './schema.ts';

export interface WriteContext {
  trx: Transaction<Database>;
  now: Date;
  /** True on PostgreSQL. */
  rowLocks: boolean;
}

export function writeContextOf(opened: OpenedDb, trx: Transaction<Database>): WriteContext {
  return { trx, now: new Date(), rowLocks: opened.dialect === 'postgres' };
}
