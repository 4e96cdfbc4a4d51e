// What recording a look at personal data costs the order-read path (issue 16: goal ≤ 10 % fewer
// reads/s than without it). All Orders as the web client asks (a page of 100, admin, SQLite,
// real HTTP, autocannon) with its personal_data.read entry written, and the same requests with
// the entry's INSERT turned into a no-op by a BEFORE INSERT … RAISE(IGNORE) trigger — same app,
// same data, same route. After a warm-up long enough for the JIT and the page cache (a 1 s one
// left the first measurement ~20 % low, whichever side it was), the two are measured in ABBA
// order — with, without, without, with — three times, so a drift over the run weighs on both
// sides alike.
// Prints figures.
import { sql } from 'kysely';
import autocannon from 'autocannon';
import type { Db } from '#server/db/kysely';
import { createLoginSession } from '#server/auth/login-sessions.repository';
import { LOGIN_COOKIE } from '#server/plugins/access';
import { listenLocally, withBenchApp } from './api-bench-support.ts';

const ORDERS = 2_000;
const SECONDS = Number(process.env.MEASURE_S ?? 3);
/**
 * ABBA cycles (AUDIT_CYCLES, default 3): this machine's run-to-run noise (±15 % over 5 s)
 * dwarfs the cost measured, so more cycles give a steadier ratio.
 */
const CYCLES = Number(process.env.AUDIT_CYCLES ?? 3);
const CONNECTIONS = 10;
const ROUTE = '/api/orders/all?limit=100';
const WARM_UP_S = 5;
/** SQLITE_DURABILITY=sqlite: SQLite syncs inside COMMIT instead of the driver's pipelined sync. */
const DURABILITY = process.env.SQLITE_DURABILITY === 'sqlite' ? 'sqlite' : 'driver';

async function seed(db: Db): Promise<string> {
  const now = new Date().toISOString();
  const admin = await db
    .insertInto('users')
    .values({
      username: 'auditbench',
      username_key: 'auditbench',
      role: 'ADMIN',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    const ids = await trx
      .insertInto('orders')
      .values(
        Array.from({ length: ORDERS }, (_, n) => ({
          user_id: null,
          order_type: 'GUEST' as const,
          status: 'PENDING' as const,
          delivery_address: `${n} Main St`,
          phone_number: '5551234567',
          notes: 'Bench order',
          request_time: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await trx
      .insertInto('order_items')
      .values(
        ids.map(({ id }) => ({ order_id: id, item_name: 'Socks (M)', quantity: 1, is_custom: 0 })),
      )
      .execute();
  });
  const hour = 60 * 60 * 1000;
  const { token } = await createLoginSession(db, admin.id, new Date(), {
    idleMs: hour,
    maxMs: hour,
  });
  return `${LOGIN_COOKIE}=${token}`;
}

/** Physical commits so far: how many reads' entries shared one. */
let commitsOf: (db: Db) => number = () => 0;

async function measure(url: string, cookie: string, label: string, db: Db): Promise<number> {
  const before = await db
    .selectFrom('audit_log')
    .select(sql<string | number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const commitsBefore = commitsOf(db);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie },
  });
  const after = await db
    .selectFrom('audit_log')
    .select(sql<string | number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `${label.padEnd(40)} ${result.requests.average.toFixed(0).padStart(6)} reads/s   ` +
      `p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   ` +
      `audit rows +${Number(after.n) - Number(before.n)}   commits +${commitsOf(db) - commitsBefore}`,
  );
  return result.requests.average;
}

await withBenchApp(
  async (app) => {
    const db = app.ctx.opened.db;
    commitsOf = () => app.ctx.opened.sqliteDriver?.commits ?? 0;
    const cookie = await seed(db);
    const url = `${await listenLocally(app)}${ROUTE}`;
    console.log(
      `GET ${ROUTE} as an admin, ${ORDERS} orders, SQLite (durability: ${DURABILITY}), ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S, headers: { cookie } });
    const ignoreInserts = (on: boolean) =>
      (on
        ? sql`create trigger audit_bench_ignore before insert on audit_log begin select raise(ignore); end`
        : sql`drop trigger audit_bench_ignore`
      ).execute(db);
    let withSum = 0;
    let withoutSum = 0;
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      withSum += await measure(url, cookie, `${cycle}. with the audit entry`, db);
      await ignoreInserts(true);
      withoutSum += await measure(url, cookie, `${cycle}. without it (INSERT ignored)`, db);
      withoutSum += await measure(url, cookie, `${cycle}. without it, again`, db);
      await ignoreInserts(false);
      withSum += await measure(url, cookie, `${cycle}. with the audit entry, again`, db);
    }
    const ratio = withSum / withoutSum;
    console.log(
      `reads/s with / without (${CYCLES} ABBA cycles): ${ratio.toFixed(3)} (goal ≥ 0.90)`,
    );
  },
  { sqliteDurability: DURABILITY },
);
