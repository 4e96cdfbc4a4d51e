// A cheap fingerprint of the database: per table, its row count and a hash of its rows (sorted,
// so the order a dialect returns them in does not matter). Equal fingerprints before and after
// a batch of refused requests mean no row changed.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DialectName } from '#server/db/kysely';

/**
 * Tables a refused request may legitimately touch: a login's last-seen time, a secure
 * session's last use and the IVs it has seen (recorded before a replay could be checked) are
 * bookkeeping of the caller's own sessions, not data. The migration tables never change here.
 */
const BOOKKEEPING = new Set([
  'login_sessions',
  'secure_sessions',
  'secure_session_ivs',
  'kysely_migration',
  'kysely_migration_lock',
]);

export type Fingerprint = Record<string, string>;

async function tableNames(db: Db, dialect: DialectName): Promise<string[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`
      : sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`;
  const { rows } = await query.execute(db);
  return rows.map((r) => r.name).filter((name) => !BOOKKEEPING.has(name));
}

function rowText(row: Record<string, unknown>): string {
  return JSON.stringify(row, (_key, value: unknown) =>
    value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
  );
}

export async function fingerprint(db: Db, dialect: DialectName): Promise<Fingerprint> {
  const result: Fingerprint = {};
  for (const name of await tableNames(db, dialect)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
      db,
    );
    const hash = createHash('sha256');
    for (const text of rows.map(rowText).sort()) hash.update(text).update('\n');
    result[name] = `${rows.length} rows ${hash.digest('hex').slice(0, 16)}`;
  }
  return result;
}
