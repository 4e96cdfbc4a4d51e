// Order placement throughput: POST /api/orders/create over real HTTP at 50 connections, each
// request sealed for its client's secure session and carrying a fresh Idempotency-Key (the
// web client's outbox path), on SQLite and (when 127.0.0.1:5432 answers) PostgreSQL.
// Beside it, in the same run, the physical limit of this disk: a bare better-sqlite3 loop
// committing the same rows durably (WAL + synchronous=FULL, SQLite's own sync): the IV row in
// its own commit, then one transaction with the key, the two stock moves, the order and its
// lines. Beside PostgreSQL's figure, bare PostgreSQL: a pg pool of the server's size sending
// the server's statements for one order (3 round trips), 50 at once, one order per commit.
// Prints figures only. The load generator runs in its own process, so the server's CPU per order is its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openSqlite, type Db, type SqliteDurability } from '#server/db/kysely';
import { migrateToLatest } from '#server/db/migrate';
import { createLoginSession, hashToken } from '#server/auth/login-sessions.repository';
import { completeHandshake, initiateHandshake } from '#server/security/handshake.service';
import {
  bytesToBase64,
  deriveAesKeyBytes,
  exportPublicKeySpki,
  generateEcdhKeyPair,
  importPeerPublicKey,
} from '#shared/secure-channel/index';
import { ORDER_PATHS } from '#shared/contracts/orders';
import { scratchPostgresDatabase, withBenchApp } from './api-bench-support.ts';
import { cpuMsOfProcesses } from './process-cpu.ts';
import type { LoadAccount, LoadIdentity, LoadJob, LoadResult } from './orders-load.worker.ts';

const CONNECTIONS = 50;
// A client may have only 3 open orders (shared/rules/order-limits.ts): each connection orders
// for this many clients in turn. At 3 orders each, 50 × 300 clients hold 45,000 orders (13 s at
// up to 3,400/s); a run that places more shows 409s in its status codes. At 150, PostgreSQL's
// figure ran into that ceiling (22,500 orders: 1,730/s over 13 s) once place_orders got faster.
const ACCOUNTS_PER_CONNECTION = Number(process.env.ACCOUNTS_PER_CONNECTION ?? 300);
// A server that has run for a while: 3 s of the same load first (the JIT has compiled the
// order path by then; a 1 s warm-up left its compiling in the measured p99), then 10 s.
const MEASURE_S = Number(process.env.MEASURE_S ?? 10);
const WARM_UP_S = 3;
const ITEMS = [
  { itemName: 'Socks (M)', quantity: 1 },
  { itemName: 'Soap', quantity: 2 },
  { itemName: 'Warm hat', quantity: 1 },
];
const HOUR = 60 * 60 * 1000;

async function seedCatalogue(db: Db): Promise<void> {
  const now = new Date().toISOString();
  const socks = await db
    .insertInto('cargo_items')
    .values({
      name: 'Socks',
      name_key: 'socks',
      quantity: 1_500_000_000,
      created_at: now,
      updated_at: now,
      description: null,
      category: 'Clothing',
      image_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('cargo_item_sizes')
    .values(
      ['S', 'M', 'L'].map((size_label) => ({
        item_id: socks.id,
        size_label,
        quantity: 500_000_000,
      })),
    )
    .execute();
  await db
    .insertInto('cargo_items')
    .values({
      name: 'Soap',
      name_key: 'soap',
      quantity: 1_500_000_000,
      created_at: now,
      updated_at: now,
      description: null,
      category: 'Hygiene',
      image_id: null,
    })
    .execute();
  const start = new Date(Date.now() + 24 * HOUR);
  await db
    .insertInto('rounds')
    .values({
      title: 'Bench round',
      description: null,
      location: 'Downtown',
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3 * HOUR).toISOString(),
      max_participants: 5,
      status: 'SCHEDULED',
      team_lead_id: null,
      clinician_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A secure session made through the server's own handshake code, with the client's raw key. */
async function secureSession(db: Db, maxMs: number) {
  const started = await initiateHandshake(db, new Date());
  const pair = await generateEcdhKeyPair();
  const clientPublicKey = await exportPublicKeySpki(pair.publicKey);
  await completeHandshake(db, { sessionId: started.sessionId, clientPublicKey }, new Date(), maxMs);
  const raw = await deriveAesKeyBytes(
    pair.privateKey,
    await importPeerPublicKey(started.serverPublicKey),
  );
  return { sessionId: started.sessionId, keyBase64: bytesToBase64(raw) };
}

async function seedAccount(db: Db): Promise<LoadAccount> {
  const now = new Date().toISOString();
  const username = `bench${Array.from(randomBytes(10), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
  const user = await db
    .insertInto('users')
    .values({
      username,
      username_key: username,
      email: null,
      email_key: null,
      phone: null,
      first_name: null,
      last_name: null,
      role: 'CLIENT',
      volunteer_subrole: null,
      subrole_notes: null,
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const login = await createLoginSession(db, user.id, new Date(), { idleMs: HOUR, maxMs: HOUR });
  return { userId: user.id, cookie: `sm_login=${login.token}` };
}

async function seedClients(db: Db, count: number, secureMaxMs: number): Promise<LoadIdentity[]> {
  const identities: LoadIdentity[] = [];
  for (let i = 0; i < count; i += 1) {
    // One transaction per connection's clients: one commit, not one per row.
    const accounts = await db.transaction().execute(async (trx) => {
      const made: LoadAccount[] = [];
      for (let n = 0; n < ACCOUNTS_PER_CONNECTION; n += 1) made.push(await seedAccount(trx));
      return made;
    });
    identities.push({ accounts, secure: await secureSession(db, secureMaxMs) });
  }
  return identities;
}

function runLoad(job: LoadJob): Promise<LoadResult> {
  const entry = fileURLToPath(new URL('./orders-load.worker.ts', import.meta.url));
  const child = fork(entry, [], { execArgv: ['--import', 'tsx'] });
  child.send(job);
  return new Promise((resolve, reject) => {
    child.once('message', (message: { result?: LoadResult; error?: string }) => {
      if (message.result !== undefined) resolve(message.result);
      else reject(new Error(message.error ?? 'load generator failed'));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${String(code)}`));
    });
  });
}

async function countOrders(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * cpuMs: the server process's CPU time (all its threads) over the measured run; postgresMs:
 * PostgreSQL's backends' (when it served the run). With the generator's own, they say where
 * the machine's cores went.
 */
function printLoad(label: string, r: LoadResult, cpuMs: number, postgresMs?: number): void {
  const codes = Object.entries(r.statusCodes)
    .map(([c, n]) => `${c}:${n}`)
    .join(' ');
  const perOrder = (ms: number) => (r.ok === 0 ? 0 : ms / r.ok).toFixed(2);
  const others =
    `generator ${perOrder(r.cpuMs)}` +
    (postgresMs === undefined ? '' : `, PostgreSQL ${perOrder(postgresMs)}`);
  console.log(
    `${label.padEnd(46)} ${r.perSecond.toFixed(0).padStart(7)} orders/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   server CPU ${perOrder(cpuMs)} ms/order (${others})   [${codes}] errors ${r.errors + r.timeouts}`,
  );
}

async function measureApp(app: FastifyInstance, label: string, encrypted: boolean): Promise<void> {
  const db = app.ctx.opened.db;
  const identities = await seedClients(db, CONNECTIONS, app.ctx.config.secureSessionMaxMs);
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const job: LoadJob = {
    url: `http://127.0.0.1:${address.port}${ORDER_PATHS.create}`,
    connections: CONNECTIONS,
    durationS: WARM_UP_S,
    identities: encrypted ? identities : identities.map((i) => ({ ...i, secure: null })),
    items: ITEMS,
  };
  const before = await countOrders(db);
  const warm = await runLoad(job);
  const isPostgres = app.ctx.opened.dialect === 'postgres';
  const postgresBefore = isPostgres ? cpuMsOfProcesses('postgres') : undefined;
  const cpuBefore = process.cpuUsage();
  const result = await runLoad({ ...job, durationS: MEASURE_S });
  const cpu = process.cpuUsage(cpuBefore);
  const postgresAfter = isPostgres ? cpuMsOfProcesses('postgres') : undefined;
  const postgresMs =
    postgresBefore === undefined || postgresAfter === undefined
      ? undefined
      : postgresAfter - postgresBefore;
  printLoad(label, result, (cpu.user + cpu.system) / 1000, postgresMs);
  // Replies still in flight when a run stops are not counted, though their orders were stored.
  const stored = (await countOrders(db)) - before;
  const answered = warm.ok + result.ok;
  if (stored < answered || stored > answered + 2 * CONNECTIONS) {
    console.log(`  ! ${stored} orders stored for ${answered} success replies`);
  }
}

async function withApp(
  databaseUrl: string | undefined,
  run: (app: FastifyInstance) => Promise<void>,
  sqliteDurability: SqliteDurability = 'driver',
) {
  await withBenchApp(
    async (app) => {
      await seedCatalogue(app.ctx.opened.db);
      await app.listen({ port: 0, host: '127.0.0.1' });
      await run(app);
    },
    { databaseUrl, sqliteDurability },
  );
}

type RawOrder = () => void;

/**
 * One encrypted idempotent order as raw statements: the IV row, then the order's rows
 * (key claim, size and item stock, round lookup, order, three lines, stored reply), the
 * latter in a savepoint of its own as runIdempotent does.
 */
function rawOrder(sqlite: SQLite.Database, userId: number, sessionId: string): RawOrder {
  const s = {
    iv: sqlite.prepare('insert into secure_session_ivs (session_id, iv, seen_at) values (?, ?, ?)'),
    key: sqlite.prepare(
      "insert into idempotency_keys (scope, key, method, path, request_hash, status_code, reply_json, created_at) values (?, ?, 'POST', '/api/orders/create', ?, 0, '', ?) on conflict do nothing",
    ),
    size: sqlite.prepare(
      "update cargo_item_sizes set quantity = quantity - 1 where item_id = 1 and size_label = 'M' and quantity >= 1",
    ),
    item: sqlite.prepare(
      'update cargo_items set quantity = quantity - ?, updated_at = ? where id = ? and quantity >= ?',
    ),
    round: sqlite.prepare(
      "select id from rounds where status != 'CANCELLED' and start_time > ? order by start_time, id limit 1",
    ),
    order: sqlite.prepare(
      "insert into orders (user_id, order_type, status, delivery_address, phone_number, notes, round_id, request_time, updated_at) values (?, 'CLIENT', 'PENDING', '12 Main St, under the bridge', '5551234567', 'Benchmark order', ?, ?, ?) returning id",
    ),
    line: sqlite.prepare(
      'insert into order_items (order_id, item_name, quantity, cargo_item_id, size_label, is_custom) values (?, ?, ?, ?, ?, ?)',
    ),
    reply: sqlite.prepare(
      'update idempotency_keys set status_code = 200, reply_json = ? where scope = ? and key = ?',
    ),
  };
  const scope = `user:${userId}`;
  const orderRows = sqlite.transaction(() => {
    const now = new Date().toISOString();
    const key = randomUUID();
    s.key.run(scope, key, randomBytes(32).toString('hex'), now);
    s.size.run();
    s.item.run(1, now, 1, 1);
    s.item.run(2, now, 2, 2);
    const round = s.round.get(now) as { id: number } | undefined;
    const order = s.order.get(userId, round?.id ?? null, now, now) as { id: number };
    s.line.run(order.id, 'Socks (M)', 1, 1, 'M', 0);
    s.line.run(order.id, 'Soap', 2, 2, null, 0);
    s.line.run(order.id, 'Warm hat', 1, null, null, 1);
    s.reply.run(JSON.stringify({ status: 'success', orderId: order.id }), scope, key);
  });
  return () => {
    s.iv.run(sessionId, randomBytes(12).toString('base64'), new Date().toISOString());
    orderRows.immediate();
  };
}

/** Orders/s and per-order wait when `batch` orders share one commit (1 = the server's way). */
function measureRaw(sqlite: SQLite.Database, place: RawOrder, batch: number, label: string) {
  const commitBatch = sqlite.transaction(() => {
    for (let i = 0; i < batch; i += 1) place();
  });
  const waits: number[] = [];
  const started = performance.now();
  const deadline = started + 3000;
  while (performance.now() < deadline) {
    const t = performance.now();
    if (batch === 1) place();
    else commitBatch.immediate();
    // Every order of a batch waits for the batch's commit.
    for (let i = 0; i < batch; i += 1) waits.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  waits.sort((a, b) => a - b);
  const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? 0;
  console.log(
    `${label.padEnd(46)} ${(waits.length / seconds).toFixed(0).padStart(7)} orders/s   p50 ${at(0.5).toFixed(1).padStart(6)} ms   p99 ${at(0.99).toFixed(1).padStart(6)} ms`,
  );
}

/** The physical limit: bare better-sqlite3, the same rows, WAL + synchronous=FULL. */
async function physicalLimit(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-bench-raw-'));
  const opened = openSqlite(path.join(dir, 'raw.db'), { durability: 'sqlite' });
  try {
    await migrateToLatest(opened);
    await seedCatalogue(opened.db);
    const [identity] = await seedClients(opened.db, 1, HOUR);
    const sqlite = opened.sqlite;
    if (sqlite === undefined || identity?.secure == null) throw new Error('no sqlite handle');
    const account = identity.accounts[0];
    if (account === undefined) throw new Error('no account');
    const place = rawOrder(sqlite, account.userId, identity.secure.sessionId);
    measureRaw(sqlite, place, 1, 'bare SQLite, same commits (IV, then order)');
    measureRaw(sqlite, place, CONNECTIONS, `bare SQLite, ${CONNECTIONS} orders per commit`);
  } finally {
    await opened.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One encrypted idempotent order as the server sends it to PostgreSQL, statement for
 * statement and round trip for round trip (tests/server/orders/order-round-trips.test.ts
 * lists them): the request's one lookup (login, secure session, stored key), the catalogue,
 * and place_sealed_orders() with this one order and its IV. The open-order limit and the
 * session's cap are passed high, as one client orders again and again.
 */
function bareOrderStatements(pool: pg.Pool, account: LoadAccount, sessionId: string) {
  const scope = `user:${account.userId}`;
  const loginId = hashToken(account.cookie.slice('sm_login='.length));
  return async () => {
    const now = new Date().toISOString();
    const key = randomUUID();
    const named = (name: string, text: string, values: unknown[]) =>
      pool.query({ name, text, values });
    await named(
      'lookup',
      `select s.id, s.last_seen_at, s.expires_at, u.id, u.username, u.role, u.email, u.email_verified, u.phone, u.first_name, u.last_name, u.volunteer_subrole, u.language, ss.id, ss.aes_key, ss.login_session_id, ss.last_used_at, ss.expires_at, ss.message_count, k.status_code from (select 1 as one) as request left join login_sessions s on s.id = $1 left join users u on u.id = s.user_id left join secure_sessions ss on ss.id = $2 left join idempotency_keys k on k.key = $3 and k.scope = 'user:' || u.id`,
      [loginId, sessionId, key],
    );
    await named(
      'catalogue',
      'select i.id, i.name, i.name_key, i.quantity, i.max_per_order, s.size_label, s.quantity from cargo_items as i left join cargo_item_sizes as s on s.item_id = i.id where i.name_key = any($1::text[]) order by i.id, s.size_label',
      [['socks (m)', 'socks', 'soap', 'warm hat']],
    );
    const order = {
      user_id: account.userId,
      order_type: 'CLIENT',
      status: 'PENDING',
      delivery_address: '12 Main St, under the bridge',
      phone_number: '5551234567',
      notes: 'Benchmark order',
      request_time: now,
      updated_at: now,
    };
    const lines = [
      { item_name: 'Socks (M)', quantity: 1, cargo_item_id: 1, size_label: 'M', is_custom: 0 },
      { item_name: 'Soap', quantity: 2, cargo_item_id: 2, size_label: null, is_custom: 0 },
      { item_name: 'Warm hat', quantity: 1, cargo_item_id: null, size_label: null, is_custom: 1 },
    ];
    const takes = [
      { item_id: 1, size_label: 'M', quantity: 1 },
      { item_id: 1, size_label: null, quantity: 1 },
      { item_id: 2, size_label: null, quantity: 2 },
    ];
    const keyRow = {
      scope,
      key,
      method: 'POST',
      path: ORDER_PATHS.create,
      request_hash: randomBytes(32).toString('hex'),
      status_code: 200,
      created_at: now,
    };
    // One order per statement, so one commit each: the server batches the orders that
    // arrive together (group commit); this is the line without it, as for SQLite above.
    await named('place', 'select place_sealed_orders($1::jsonb) as ids', [
      JSON.stringify([
        {
          order,
          lines,
          takes,
          person: { user_id: account.userId },
          open_limit: 1_000_000_000,
          guest_limit: 2,
          guest_since: now,
          key: keyRow,
          reply_head: '{"status":"success","orderId":',
          reply_tail: '}',
          iv: {
            session_id: sessionId,
            iv: randomBytes(12).toString('base64'),
            seen_at: now,
            max: 1_000_000_000,
          },
        },
      ]),
    ]);
  };
}

/** Bare PostgreSQL: the server's statements from a pool like the server's, 50 at once. */
async function bareOrders(app: FastifyInstance, url: string): Promise<void> {
  const db = app.ctx.opened.db;
  const [identity] = await seedClients(db, 1, app.ctx.config.secureSessionMaxMs);
  const account = identity?.accounts[0];
  if (identity?.secure == null || account === undefined) throw new Error('no identity');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const place = bareOrderStatements(pool, account, identity.secure.sessionId);
  try {
    const waits: number[] = [];
    const run = async (ms: number, record: boolean) => {
      const deadline = performance.now() + ms;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < deadline) {
            const t = performance.now();
            await place();
            if (record) waits.push(performance.now() - t);
          }
        }),
      );
    };
    await run(1000, false);
    const started = performance.now();
    const postgresBefore = cpuMsOfProcesses('postgres');
    await run(MEASURE_S * 1000, true);
    const postgresAfter = cpuMsOfProcesses('postgres');
    const seconds = (performance.now() - started) / 1000;
    const postgresPerOrder =
      postgresBefore === undefined || postgresAfter === undefined || waits.length === 0
        ? ''
        : `   PostgreSQL CPU ${((postgresAfter - postgresBefore) / waits.length).toFixed(2)} ms/order`;
    waits.sort((a, b) => a - b);
    const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? 0;
    console.log(
      `${'bare PostgreSQL, same statements, 1 order/commit'.padEnd(46)} ${(waits.length / seconds).toFixed(0).padStart(7)} orders/s   p50 ${at(0.5).toFixed(1).padStart(6)} ms   p99 ${at(0.99).toFixed(1).padStart(6)} ms${postgresPerOrder}`,
    );
  } finally {
    await pool.end();
  }
}

async function main(): Promise<void> {
  console.log(
    `${CONNECTIONS} connections, ${MEASURE_S} s each after a ${WARM_UP_S} s warm-up; 3 lines per order (2 reserved, 1 custom)`,
  );
  // ORDERS_DIALECT=postgres skips SQLite, =sqlite skips PostgreSQL (one side's tuning).
  const only = process.env.ORDERS_DIALECT;
  if (only !== 'postgres') await measureSqlite();
  if (only !== 'sqlite') await measurePostgres();
}

async function measureSqlite(): Promise<void> {
  await physicalLimit();
  await withApp(undefined, async (app) => {
    await measureApp(app, 'SQLite: encrypted + idempotent orders', true);
    await measureApp(app, 'SQLite: plain JSON + idempotent orders', false);
  });
  // The same with SQLite syncing inside COMMIT, on the event loop (SQLITE_DURABILITY=sqlite),
  // then with no sync at all: not a durable setting, it shows how far the app's own work
  // (CPU) would go if commits cost nothing, the ceiling of any group-commit scheme.
  await withApp(
    undefined,
    async (app) => {
      await measureApp(app, 'SQLite: encrypted, sync inside COMMIT', true);
      // After the batch the last run left open has committed (at the end of a loop turn):
      // SQLite refuses to change the setting inside a transaction.
      const sqlite = app.ctx.opened.sqlite;
      for (let turn = 0; turn < 1000 && sqlite?.inTransaction === true; turn += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      sqlite?.pragma('synchronous = OFF');
      await measureApp(app, 'SQLite: encrypted, synchronous=OFF (ceiling)', true);
    },
    'sqlite',
  );
}

async function measurePostgres(): Promise<void> {
  const pgDb = await scratchPostgresDatabase();
  if (pgDb === undefined) {
    console.log('PostgreSQL: not reachable at 127.0.0.1:5432, skipped');
    return;
  }
  try {
    await withApp(pgDb.url, async (app) => {
      await bareOrders(app, pgDb.url);
      await measureApp(app, 'PostgreSQL: encrypted + idempotent orders', true);
    });
  } finally {
    await pgDb.drop();
  }
}

await main();
