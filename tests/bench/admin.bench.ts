// Admin reads under a realistic load of data: GET /api/admin/alerts (the admin home's alerts
// panel) and GET /api/orders/all (All Orders, default PENDING filter and unfiltered) on SQLite
// with 10,000 orders (20,000 lines), 300 catalogue items and 500 applications, through real
// HTTP (a server listening on 127.0.0.1) driven by autocannon, with GET /api/health as the
// baseline of a request that does no work. Prints figures only.
import autocannon from 'autocannon';
import type { Db } from '#server/db/kysely';
import type { OrderStatus } from '#server/db/schema';
import { createLoginSession } from '#server/auth/login-sessions.repository';
import { LOGIN_COOKIE } from '#server/plugins/access';
import { orderCursorText } from '#shared/contracts/orders';
import { listenLocally, withBenchApp } from './api-bench-support.ts';

const ORDERS = 10_000;
const ITEMS = 300;
const APPLICATIONS = 500;
const BATCH = 500;
const SECONDS = 5;
const CONNECTIONS = 10;
const STATUSES: OrderStatus[] = ['PENDING', 'PROCESSING', 'COMPLETED', 'CANCELLED'];

async function seedCatalogue(db: Db, now: string): Promise<void> {
  for (let i = 0; i < ITEMS; i++) {
    const sized = i % 3 === 0;
    const sizes = sized ? [i % 7, (i * 3) % 11, 20] : [];
    const quantity = sized ? sizes.reduce((a, b) => a + b, 0) : i % 9;
    const name = `Item ${String(i).padStart(4, '0')}`;
    const row = await db
      .insertInto('cargo_items')
      .values({ name, name_key: name.toLowerCase(), quantity, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (sized) {
      await db
        .insertInto('cargo_item_sizes')
        .values(
          sizes.map((q, n) => ({ item_id: row.id, size_label: ['S', 'M', 'L'][n]!, quantity: q })),
        )
        .execute();
    }
  }
}

async function seedOrders(db: Db, userId: number): Promise<void> {
  const start = Date.now() - ORDERS * 60_000;
  for (let first = 0; first < ORDERS; first += BATCH) {
    const count = Math.min(BATCH, ORDERS - first);
    const rows = Array.from({ length: count }, (_, k) => {
      const n = first + k;
      const time = new Date(start + n * 60_000).toISOString();
      return {
        user_id: userId,
        order_type: 'CLIENT' as const,
        status: STATUSES[n % STATUSES.length]!,
        delivery_address: `${n} Main St`,
        phone_number: '5551234567',
        notes: 'Bench order',
        request_time: time,
        updated_at: time,
      };
    });
    await db.transaction().execute(async (trx) => {
      const ids = await trx.insertInto('orders').values(rows).returning('id').execute();
      const lines = ids.flatMap(({ id }) => [
        { order_id: id, item_name: 'Item 0001', quantity: 2, is_custom: 0 },
        { order_id: id, item_name: 'Socks (M)', quantity: 1, is_custom: 1 },
      ]);
      await trx.insertInto('order_items').values(lines).execute();
    });
  }
}

async function seedApplications(db: Db, now: string): Promise<void> {
  const rows = Array.from({ length: APPLICATIONS }, (_, n) => ({
    first_name: 'Bench',
    last_name: `Applicant${n}`,
    email: `bench${n}@example.org`,
    phone: '5551234567',
    notes: null,
    status: n % 5 === 0 ? ('PENDING' as const) : ('APPROVED' as const),
    submission_date: now,
    decided_at: null,
    decided_by: null,
  }));
  await db.insertInto('volunteer_applications').values(rows).execute();
}

async function adminCookie(db: Db, now: string): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      username: 'benchadmin',
      username_key: 'benchadmin',
      role: 'ADMIN',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hour = 60 * 60 * 1000;
  const { token } = await createLoginSession(db, row.id, new Date(), { idleMs: hour, maxMs: hour });
  return `${LOGIN_COOKIE}=${token}`;
}

async function measure(baseUrl: string, cookie: string, route: string): Promise<void> {
  const result = await autocannon({
    url: `${baseUrl}${route}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie },
  });
  const line = [
    route.slice(0, 70).padEnd(70),
    `${result.requests.average.toFixed(0).padStart(7)} reads/s`,
    `p50 ${String(result.latency.p50).padStart(5)} ms`,
    `p99 ${String(result.latency.p99).padStart(5)} ms`,
    `non-2xx ${result.non2xx}`,
    `errors ${result.errors}`,
  ];
  console.log(line.join('  '));
}

/** The cursor of an order half way down the list (what 25 clicks on "Load more" reach). */
async function deepCursor(db: Db): Promise<string> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'request_time'])
    .orderBy('request_time', 'desc')
    .orderBy('id', 'desc')
    .offset(ORDERS / 2)
    .limit(1)
    .executeTakeFirstOrThrow();
  return encodeURIComponent(orderCursorText({ requestTime: row.request_time, orderId: row.id }));
}

await withBenchApp(async (app) => {
  const db = app.ctx.opened.db;
  const now = new Date().toISOString();
  const seedStart = performance.now();
  const cookie = await adminCookie(db, now);
  const owner = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  await seedCatalogue(db, now);
  await seedOrders(db, owner.id);
  await seedApplications(db, now);
  const seconds = ((performance.now() - seedStart) / 1000).toFixed(1);
  console.log(
    `seeded ${ORDERS} orders, ${ITEMS} items, ${APPLICATIONS} applications in ${seconds} s`,
  );
  console.log(`SQLite, ${CONNECTIONS} connections, ${SECONDS} s per route`);
  const baseUrl = await listenLocally(app);
  // /api/health first: the cost of a request that does no work, for scale on a busy machine.
  // All Orders as the web client asks: a page of 100 of the PENDING filter (PENDING and
  // PROCESSING), then a page deep in the list; then the spec's unpaged call for comparison.
  const deep = await deepCursor(db);
  for (const route of [
    '/api/health',
    '/api/admin/alerts',
    '/api/orders/all?status=PENDING,PROCESSING&limit=100',
    `/api/orders/all?status=PENDING,PROCESSING&limit=100&before=${deep}`,
    '/api/orders/all?limit=100',
    '/api/orders/all?status=PENDING',
    '/api/orders/all',
  ]) {
    await measure(baseUrl, cookie, route);
  }
});
