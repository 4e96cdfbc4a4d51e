// Opens the database: an SQLite file in DATA_DIR by default, PostgreSQL when DATABASE_URL
// says postgres://. Every repository receives the Kysely instance made here.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface OpenedDb {
  db: Db;
  dialect: DialectName;
  /** The raw better-sqlite3 handle (SQLite only): backups and integrity checks use it. */
  sqlite?: SQLite.Database;
}

// Kysely begins SQLite transactions DEFERRED; a deferred transaction that reads and then
// writes can fail with SQLITE_BUSY instead of waiting. IMMEDIATE takes the write lock first.
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #sqliteConfig: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#sqliteConfig = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#sqliteConfig);
  }
}

export function openSqlite(file: string): OpenedDb {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', sqlite };
}

export function openPostgres(url: string): OpenedDb {
  // int8 (count(*), bigint ids) as numbers: our counts and ids stay far below 2^53.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // When the server ends an idle connection (a restart, an administrator, a dropped database,
  // or a closing pool's connection still on its way out), the pool emits 'error'; without a
  // listener that is an uncaught exception that stops the process. The pool has discarded the
  // connection already and opens a new one for the next query: nothing more to do.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres' };
}

export function openDatabase(databaseUrl: string | undefined, dataDir: string): OpenedDb {
  if (databaseUrl === undefined) return openSqlite(path.join(dataDir, 'streetmed.db'));
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return openPostgres(databaseUrl);
  throw new Error('DATABASE_URL must start with postgres:// (leave it unset for SQLite)');
}
