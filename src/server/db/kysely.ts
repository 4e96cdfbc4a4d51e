// Opens the database: an SQLite file in DATA_DIR by default, PostgreSQL when DATABASE_URL
// says postgres://. Every repository receives the Kysely instance made here.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type Driver,
  type PostgresPool,
  type PostgresCursor,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import {
  GroupCommitSqliteDriver,
  type StatementSource,
  type WalSync,
} from './group-commit-driver.ts';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface OpenedDb {
  db: Db;
  /**
   * The same database, where a write is acknowledged once committed rather than once synced to
   * disk (SQLite's pipelined sync: it survives a crash of the process; a power cut within the
   * next sync, a few ms, can lose it). Only for the audit entry of a read of personal data,
   * which must exist before the reply leaves but need not hold it back for the disk
   * (group-commit-driver.ts). On PostgreSQL it is `db`.
   */
  committedDb: Db;
  dialect: DialectName;
  /** The raw better-sqlite3 handle (SQLite only): backups and integrity checks use it. */
  sqlite?: SQLite.Database;
  /** SQLite only: the driver, whose commit count benchmarks report. */
  sqliteDriver?: GroupCommitSqliteDriver;
}

// Kysely's own SQLite driver commits every write alone, and begins transactions DEFERRED (a
// transaction that reads and then writes can fail busy instead of waiting). Ours begins
// IMMEDIATE and commits concurrent writes together: see group-commit-driver.ts.
class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #driver: Driver;
  constructor(sqlite: SQLite.Database, driver: Driver) {
    super({ database: sqlite });
    this.#driver = driver;
  }
  override createDriver(): Driver {
    return this.#driver;
  }
}

/** How many distinct SQL texts keep their prepared statement (a few per query of the app). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Prepared statements kept by SQL text. Kysely's own driver prepares every query afresh;
 * preparing was a tenth of the server's CPU on the order path. Statements run one at a time
 * on the single connection (the driver lends it to one caller at a time), so reusing one is
 * safe. Past the limit the oldest prepared is dropped: the app has far fewer query shapes
 * than the limit, so a hit need not pay for reordering (an LRU's delete and insert).
 */
function withStatementCache(sqlite: SQLite.Database): StatementSource {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached !== undefined) return cached;
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next();
        if (oldest.done !== true) statements.delete(oldest.value);
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Who makes a commit durable. 'driver' (the default): SQLite commits without syncing
 * (synchronous=NORMAL) and the driver fdatasyncs the WAL in the thread pool, one sync at a
 * time, before it acknowledges (group-commit-driver.ts "Pipelined sync"). 'sqlite': SQLite
 * syncs the WAL inside COMMIT (synchronous=FULL), on the event loop. Both acknowledge a write
 * only once it is on disk; benchmarks compare them.
 */
export type SqliteDurability = 'driver' | 'sqlite';

export interface SqliteOptions {
  durability?: SqliteDurability;
  /** Tests: replaces the WAL sync, to hold it open or count it. */
  walSync?: WalSync;
}

/** fdatasync of the WAL file, opened on first use (SQLite makes it with the first write). */
function walFileSync(walFile: string): WalSync {
  let fd: number | undefined;
  const open = () => (fd ??= fs.openSync(walFile, 'r'));
  return {
    sync(done) {
      let handle: number;
      try {
        handle = open();
      } catch (error) {
        done(error as Error);
        return;
      }
      fs.fdatasync(handle, done);
    },
    syncNow() {
      if (fs.existsSync(walFile)) fs.fdatasyncSync(open());
    },
    close() {
      if (fd !== undefined) fs.closeSync(fd);
      fd = undefined;
    },
  };
}

export function openSqlite(file: string, options: SqliteOptions = {}): OpenedDb {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const durability = file === ':memory:' ? 'sqlite' : (options.durability ?? 'driver');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: COMMIT writes the WAL without syncing it (checkpoints still sync);
  // the driver syncs it before anything is acknowledged.
  sqlite.pragma(durability === 'driver' ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const walSync =
    durability === 'driver' ? (options.walSync ?? walFileSync(`${file}-wal`)) : undefined;
  // With the driver syncing, checkpoints leave the event loop too (wal-checkpointer.ts).
  let checkpointer: WalCheckpointer | undefined;
  if (durability === 'driver') {
    sqlite.pragma('wal_autocheckpoint = 0');
    checkpointer = startWalCheckpointer(file, (failure) => {
      console.error(`SQLite WAL checkpoint failed (retried each second): ${failure}`);
    });
  }
  const driver = new GroupCommitSqliteDriver(
    sqlite,
    withStatementCache(sqlite),
    walSync,
    async () => checkpointer?.stop(),
  );
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(sqlite, driver) });
  const committedDb = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect(sqlite, driver.ackedAtCommit()),
  });
  return { db, committedDb, dialect: 'sqlite', sqlite, sqliteDriver: driver };
}

/** Distinct statement texts that get a server-side prepared statement on each connection. */
const NAMED_STATEMENTS = 1000;
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

function namedStatementClient(
  client: pg.PoolClient,
  nameOf: (text: string) => string | undefined,
): PostgresPoolClient {
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  function query(text: unknown, values?: readonly unknown[]): unknown {
    if (typeof text !== 'string') return client.query(text as pg.Submittable);
    return client.query({ name: nameOf(text), text, values: values as unknown[] });
  }
  return { query, release: () => client.release() };
}

/**
 * Kysely's pool, sending each DML text as a named statement (pg's `name:`), so a connection
 * parses and plans a query once instead of on every call (both on the database's CPU, which
 * shares this machine). A name stands for one text for the life of the process, as pg
 * requires; past NAMED_STATEMENTS texts (an IN list of a new length makes a new text) the
 * rest go unnamed. DDL and transaction control stay unnamed: a prepared statement outliving a
 * schema change would fail.
 */
function namedStatementPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  function nameOf(text: string): string | undefined {
    const known = names.get(text);
    if (known !== undefined || names.size >= NAMED_STATEMENTS || !NAMEABLE.test(text)) return known;
    const name = `sm${names.size}`;
    names.set(text, name);
    return name;
  }
  return {
    async connect() {
      return namedStatementClient(await pool.connect(), nameOf);
    },
    end: () => pool.end(),
  };
}

/**
 * Connections to PostgreSQL per process. An order now holds one for a single short statement
 * at a time (6 round trips, one of them the write), so 10 keep up with 50 HTTP connections;
 * 20 and 50 showed no gain beyond the noise of a loaded 2-core machine that PostgreSQL shares.
 */
const POOL_MAX = 10;

export function openPostgres(url: string): OpenedDb {
  // int8 (count(*), bigint ids) as numbers: our counts and ids stay far below 2^53.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
  });
  // When the server ends an idle connection (a restart, an administrator, a dropped database,
  // or a closing pool's connection still on its way out), the pool emits 'error'; without a
  // listener that is an uncaught exception that stops the process. The pool has discarded the
  // connection already and opens a new one for the next query: nothing more to do.
  pool.on('error', () => undefined);
  // The pool's listener is on a connection only while it is idle: a connection lent out (a
  // transaction between two statements, say) that the server ends would emit 'error' with
  // no listener. Its statement fails on its own, and the pool drops the dead connection when
  // it is released; this listener only keeps the process alive.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: namedStatementPool(pool) }),
  });
  return { db, committedDb: db, dialect: 'postgres' };
}

/** The SQLite file's name inside DATA_DIR (the backup script and its restore use it too). */
export const SQLITE_FILE_NAME = 'streetmed.db';

export function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
  durability?: SqliteDurability,
): OpenedDb {
  if (databaseUrl === undefined) {
    return openSqlite(path.join(dataDir, SQLITE_FILE_NAME), { durability });
  }
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return openPostgres(databaseUrl);
  throw new Error('DATABASE_URL must start with postgres:// (leave it unset for SQLite)');
}
