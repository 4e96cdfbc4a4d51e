// What recording a look at personal data costs the order-read path (issue 16: goal ≤ 10 % fewer
// reads/s than without it). All Orders as the web client asks (a page of 100, admin, SQLite,
// real HTTP, autocannon) with its personal_data.read entry written, and the same requests with
// the entry's INSERT turned into a no-op by a BEFORE INSERT … RAISE(IGNORE) trigger — same app,
// same data, same route — measured with, without, with again (so drift shows). Prints figures.
import { sql } from 'kysely';
import autocannon from 'autocannon';
import type { Db } from '#server/db/kysely';
import { createLoginSession } from '#server/auth/login-sessions.repository';
import { LOGIN_COOKIE } from '#server/plugins/access';
import { listenLocally, withBenchApp } from './api-bench-support.ts';

const ORDERS = 2_000;
const SECONDS = Number(process.env.MEASURE_S ?? 5);
const CONNECTIONS = 10;
const ROUTE = '/api/orders/all?limit=100';

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

async function measure(url: string, cookie: string, label: string, db: Db): Promise<number> {
  const before = await db
    .selectFrom('audit_log')
    .select(sql<string | number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
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
      `audit rows +${Number(after.n) - Number(before.n)}`,
  );
  return result.requests.average;
}

await withBenchApp(async (app) => {
  const db = app.ctx.opened.db;
  const cookie = await seed(db);
  const url = `${await listenLocally(app)}${ROUTE}`;
  console.log(
    `GET ${ROUTE} as an admin, ${ORDERS} orders, SQLite, ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: { cookie } }); // warm-up
  const withAudit = await measure(url, cookie, 'with the audit entry', db);
  await sql`create trigger audit_bench_ignore before insert on audit_log begin select raise(ignore); end`.execute(
    db,
  );
  const without = await measure(url, cookie, 'without it (INSERT ignored)', db);
  await sql`drop trigger audit_bench_ignore`.execute(db);
  const again = await measure(url, cookie, 'with the audit entry, again', db);
  const mean = (withAudit + again) / 2;
  console.log(`reads/s with / without: ${(mean / without).toFixed(3)} (goal ≥ 0.90)`);
});
