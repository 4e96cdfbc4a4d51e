// Kysely's driver for the one better-sqlite3 connection, with group commit.
//
// Why: SQLite makes a write durable by syncing its WAL at COMMIT (synchronous=FULL), and
// better-sqlite3 runs that sync on the event loop. One commit per request made the sync, not
// the work, the limit of concurrent writes (`npm run bench -- orders`: bare SQLite commits
// ~2,000 single orders/s but ~5,000/s at 50 per commit).
//
// How: the connection is lent to one caller at a time (a lease), as Kysely's own driver does.
// The first write opens a physical transaction (BEGIN IMMEDIATE) — a batch. A Kysely
// transaction runs inside the batch as a SAVEPOINT, so its rollback undoes only its own work.
// When a lease ends while others wait for the connection, the batch stays open and the next
// lease joins it; when nobody waits, the batch COMMITs at the end of the event loop's turn
// (so that requests already read from their sockets join it first), or at once when it is
// full or old. A
// caller's commit (or a plain write's promise) resolves only once its batch is on disk, so
// nothing is acknowledged before it is durable; if the COMMIT fails, every member fails.
// With no contention every write commits alone, one event-loop turn later than it would.
//
// Reads run on whatever is open: inside an open batch they see the batch's writes, which are
// ahead of them in the same serial order and are committed before any reply that depends on
// them is sent (a reply waits for its own batch).
//
// Acknowledged at commit (`ackedAtCommit()`): a write through that driver resolves once its
// batch is committed to the WAL, without waiting for the sync — the entry survives a crash of
// the process, and only a power cut within the following sync (a few ms) can lose it. Such a
// member also commits its batch at the end of the turn even while a sync is in flight (the
// others of that batch then wait for the next sync, as they would have). For what must exist
// before a reply leaves but need not hold the reply back for the disk: the audit entry of a
// read of personal data (the contract lets it be written "reliably right after" the read).
import type SQLite from 'better-sqlite3';
import { type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

/** Prepared statements by SQL text (see kysely.ts). */
export interface StatementSource {
  prepare(sql: string): SQLite.Statement;
}

/**
 * Makes committed WAL frames durable off the event loop, when SQLite's own sync at COMMIT is
 * off (synchronous=NORMAL): `sync` flushes the WAL file in the thread pool and calls back;
 * `syncNow` does it on the spot (at close). See "Pipelined sync" below.
 */
export interface WalSync {
  sync(done: (error: Error | null) => void): void;
  syncNow(): void;
  close(): void;
}

/** A batch commits at this many members or this age, so a steady stream cannot hold it open. */
const MAX_BATCH_MEMBERS = 200;
const MAX_BATCH_AGE_MS = 20;
const TRANSACTION_SAVEPOINT = 'kysely_transaction';
const ROW_WRITE = /^\s*(insert|update|delete|with)\b/i;

class Batch {
  members = 0;
  /** Members acknowledged at commit: the batch commits without waiting for a sync in flight. */
  ackedAtCommit = 0;
  /** Whether a statement of the batch may have written (what a sync must make durable). */
  wrote = false;
  readonly openedAt = performance.now();
  /** Resolves once the batch is durable (its sync has ended). */
  readonly committed: Promise<void>;
  /** Resolves once the batch is committed to the WAL, before its sync. */
  readonly written: Promise<void>;
  #resolve!: () => void;
  #reject!: (error: unknown) => void;
  #resolveWritten!: () => void;
  #rejectWritten!: (error: unknown) => void;
  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    this.written = new Promise<void>((resolve, reject) => {
      this.#resolveWritten = resolve;
      this.#rejectWritten = reject;
    });
    // Members that wait for them handle a failure; this keeps an unwaited batch quiet.
    this.committed.catch(() => undefined);
    this.written.catch(() => undefined);
  }
  /** COMMIT succeeded: members acknowledged at commit may go. */
  markWritten(): void {
    this.#resolveWritten();
  }
  resolve(): void {
    this.#resolveWritten();
    this.#resolve();
  }
  reject(error: unknown): void {
    this.#rejectWritten(error);
    this.#reject(error);
  }
}

/** One loan of the connection to Kysely (reused once Kysely has released it). */
class Lease implements DatabaseConnection {
  batch: Batch | undefined;
  inTransaction = false;
  handedOver = false;
  /** Acknowledged once its batch is committed, not once it is synced (see the header). */
  ackedAtCommit = false;
  constructor(readonly driver: GroupCommitSqliteDriver) {}
  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.run<R>(this, compiledQuery);
  }
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on SQLite here.');
  }
}

export class GroupCommitSqliteDriver implements Driver {
  readonly #sqlite: SQLite.Database;
  readonly #statements: StatementSource;
  readonly #waiting: (() => void)[] = [];
  readonly #spareLeases: Lease[] = [];
  #held = false;
  #batch: Batch | undefined;
  #commits = 0;
  #commitScheduled = false;
  readonly #walSync: WalSync | undefined;
  /** Committed batches waiting for the next sync of the WAL (pipelined sync only). */
  #unsynced: Batch[] = [];
  /** The sync in flight, if any: at most one at a time. */
  #syncing: Promise<void> | undefined;

  /** Stops what runs beside the connection (the WAL checkpointer) before it closes. */
  readonly #beforeClose: () => Promise<void>;

  constructor(
    sqlite: SQLite.Database,
    statements: StatementSource,
    walSync?: WalSync,
    beforeClose: () => Promise<void> = async () => undefined,
  ) {
    this.#sqlite = sqlite;
    this.#statements = statements;
    this.#walSync = walSync;
    this.#beforeClose = beforeClose;
  }

  async init(): Promise<void> {}

  /** Physical commits so far (tests and benchmarks compare it with the writes made). */
  get commits(): number {
    return this.#commits;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#acquireLease(false);
  }

  async #acquireLease(ackedAtCommit: boolean): Promise<Lease> {
    // The one releasing hands the connection straight over: #held stays true meanwhile.
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#held = true;
    const lease = this.#spareLeases.pop() ?? new Lease(this);
    lease.batch = undefined;
    lease.inTransaction = false;
    lease.handedOver = false;
    lease.ackedAtCommit = ackedAtCommit;
    return lease;
  }

  /**
   * The same connection and batches, but a write made through the returned driver is
   * acknowledged once committed to the WAL rather than once synced (see the header).
   */
  ackedAtCommit(): Driver {
    return {
      init: async () => undefined,
      acquireConnection: () => this.#acquireLease(true),
      beginTransaction: (connection) => this.beginTransaction(connection),
      commitTransaction: (connection) => this.commitTransaction(connection),
      rollbackTransaction: (connection) => this.rollbackTransaction(connection),
      savepoint: (connection, name) => this.savepoint(connection, name),
      rollbackToSavepoint: (connection, name) => this.rollbackToSavepoint(connection, name),
      releaseSavepoint: (connection, name) => this.releaseSavepoint(connection, name),
      releaseConnection: (connection) => this.releaseConnection(connection),
      // The connection belongs to the main driver: it closes it.
      destroy: async () => undefined,
    };
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = this.#leaseOf(connection);
    this.#join(lease);
    this.#exec(`savepoint ${TRANSACTION_SAVEPOINT}`);
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = this.#leaseOf(connection);
    this.#exec(`release ${TRANSACTION_SAVEPOINT}`);
    lease.inTransaction = false;
    await this.#handOverAndWait(lease);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = this.#leaseOf(connection);
    lease.inTransaction = false;
    // Nothing of this lease is left to make durable: it need not wait for the batch.
    lease.batch = undefined;
    // A batch SQLite itself abandoned (an I/O error) has no savepoint left to roll back to.
    if (!this.#inTransaction()) return;
    this.#exec(`rollback to ${TRANSACTION_SAVEPOINT}`);
    this.#exec(`release ${TRANSACTION_SAVEPOINT}`);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#leaseOf(connection);
    this.#exec(`savepoint ${quoted(name)}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#leaseOf(connection);
    this.#exec(`rollback to ${quoted(name)}`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#leaseOf(connection);
    this.#exec(`release ${quoted(name)}`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = this.#leaseOf(connection);
    try {
      // A plain write outside a transaction is acknowledged only once its batch is durable.
      if (!lease.handedOver) await this.#handOverAndWait(lease);
    } finally {
      this.#spareLeases.push(lease);
    }
  }

  async destroy(): Promise<void> {
    await this.#syncing;
    this.#commitBatch();
    if (this.#walSync !== undefined) {
      this.#walSync.syncNow();
      for (const batch of this.#unsynced.splice(0)) batch.resolve();
      this.#walSync.close();
    }
    await this.#beforeClose();
    this.#sqlite.close();
  }

  /** Runs one statement for a lease; a write joins (or opens) the current batch. */
  run<R>(lease: Lease, { sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.#statements.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const batch = this.#join(lease);
    const { changes, lastInsertRowid } = statement.run(parameters);
    // A row write that changed nothing (an UPDATE matching no row, an INSERT a trigger
    // ignored) leaves nothing to sync; anything else (DDL) counts as written.
    if (changes > 0 || !ROW_WRITE.test(sql)) batch.wrote = true;
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  #leaseOf(connection: DatabaseConnection): Lease {
    if (!(connection instanceof Lease) || connection.driver !== this) {
      throw new Error('Not a connection of this driver.');
    }
    return connection;
  }

  /** A method, not the property: TypeScript would narrow the property across #exec calls. */
  #inTransaction(): boolean {
    return this.#sqlite.inTransaction;
  }

  #exec(sql: string): void {
    this.#sqlite.exec(sql);
  }

  #join(lease: Lease): Batch {
    if (lease.batch !== undefined) return lease.batch;
    // SQLite ends a transaction by itself on some errors (I/O, disk full): that batch is lost.
    if (this.#batch !== undefined && !this.#inTransaction()) {
      this.#failBatch(new Error('The database rolled back a group of writes.'));
    }
    if (this.#batch === undefined) {
      this.#exec('begin immediate');
      this.#batch = new Batch();
    }
    this.#batch.members += 1;
    if (lease.ackedAtCommit) this.#batch.ackedAtCommit += 1;
    lease.batch = this.#batch;
    return this.#batch;
  }

  /**
   * Lets the next caller in (the batch stays open for it), or frees the connection and commits
   * at the end of this turn of the event loop; then waits for the batch if this lease wrote.
   */
  async #handOverAndWait(lease: Lease): Promise<void> {
    lease.handedOver = true;
    const batch = lease.batch;
    if (this.#batch !== undefined && this.#batchIsFull(this.#batch)) this.#commitBatch();
    const next = this.#waiting.shift();
    if (next === undefined) {
      this.#held = false;
      this.#scheduleCommit();
    } else {
      next();
    }
    if (batch !== undefined) await (lease.ackedAtCommit ? batch.written : batch.committed);
  }

  /**
   * Why wait for the turn to end: the sync at COMMIT blocks the event loop, so while it runs
   * no other request can reach the database and queue for the connection. Requests whose
   * bytes arrived in this turn get to their writes in it, and join the batch instead.
   */
  #scheduleCommit(): void {
    if (this.#batch === undefined || this.#commitScheduled) return;
    this.#commitScheduled = true;
    setImmediate(() => {
      this.#commitScheduled = false;
      // Someone holds the connection, maybe mid-transaction: their hand-over commits. While
      // a sync is in flight the batch stays open and grows: the sync's end commits it —
      // unless a member is acknowledged at commit, which must not wait for that sync.
      const waitsForSync = this.#syncing !== undefined && this.#batch?.ackedAtCommit === 0;
      if (!this.#held && !waitsForSync) this.#commitBatch();
    });
  }

  #batchIsFull(batch: Batch): boolean {
    return (
      batch.members >= MAX_BATCH_MEMBERS || performance.now() - batch.openedAt >= MAX_BATCH_AGE_MS
    );
  }

  #commitBatch(): void {
    const batch = this.#batch;
    if (batch === undefined) return;
    if (!this.#inTransaction()) {
      this.#failBatch(new Error('The database rolled back a group of writes.'));
      return;
    }
    try {
      this.#exec('commit');
    } catch (error) {
      if (this.#inTransaction()) this.#exec('rollback');
      this.#failBatch(error);
      return;
    }
    this.#batch = undefined;
    this.#commits += 1;
    batch.markWritten();
    if (this.#walSync === undefined) {
      batch.resolve();
      return;
    }
    // Nothing written and nothing before it still unsynced: nothing to wait for. (With
    // something unsynced before it, it waits for that: its reads may rest on it.)
    if (!batch.wrote && this.#syncing === undefined && this.#unsynced.length === 0) {
      batch.resolve();
      return;
    }
    this.#unsynced.push(batch);
    this.#startSync(this.#walSync);
  }

  /**
   * Pipelined sync: COMMIT writes the batch to the WAL without syncing; one fdatasync of the
   * WAL at a time then runs in the thread pool and, when it ends, resolves every batch
   * committed before it began. Meanwhile the loop keeps serving, and the next batch stays
   * open and fills (it commits when the sync ends, or when full): batches stay as large as
   * with the sync on the loop, so no page is written to the WAL more often. A member's
   * promise still resolves only once its commit is on disk.
   */
  #startSync(walSync: WalSync): void {
    if (this.#syncing !== undefined || this.#unsynced.length === 0) return;
    const batches = this.#unsynced.splice(0);
    this.#syncing = new Promise<void>((settled) => {
      walSync.sync((error) => {
        this.#syncing = undefined;
        for (const batch of batches) {
          if (error === null) batch.resolve();
          else batch.reject(error);
        }
        settled();
        // The batch that filled during the sync commits now (unless a lease is mid-way:
        // its hand-over commits), which starts the next sync.
        if (!this.#held) this.#commitBatch();
        this.#startSync(walSync);
      });
    });
  }

  #failBatch(error: unknown): void {
    const batch = this.#batch;
    this.#batch = undefined;
    batch?.reject(error);
  }
}

/** A savepoint name from our own code, quoted as an SQLite identifier. */
function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
