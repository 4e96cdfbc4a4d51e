// The retention sweep (beyond-spec.md section 2; issue 16): 100,000 orders COMPLETED or
// CANCELLED long ago purged by one sweep on SQLite, and what that costs a concurrent catalogue
// reader. Figures: rows purged per second; the reader's p50, p99 and longest reply during the
// sweep beside the same reader with no sweep running (the baseline, measured in the same run).
// The reader runs in its own process, so a pause of the server's event loop shows as a slow
// reply. Goal (issue 16): p99 ≤ 50 ms during the sweep. Prints figures only.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Db } from '#server/db/kysely';
import { CARGO_ITEMS_PATH } from '#shared/contracts/cargo';
import { listenLocally, withBenchApp } from './api-bench-support.ts';

const ORDERS = Number(process.env.SWEEP_ORDERS ?? 100_000);
const BASELINE_MS = 3000;
const CHUNK = 1000;
const LONG_AGO = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000).toISOString();

async function seedFinishedOrders(db: Db): Promise<void> {
  for (let first = 0; first < ORDERS; first += CHUNK) {
    const size = Math.min(CHUNK, ORDERS - first);
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('orders')
        .values(
          Array.from({ length: size }, (_, i) => ({
            user_id: null,
            order_type: 'GUEST' as const,
            status: (first + i) % 5 === 0 ? ('CANCELLED' as const) : ('COMPLETED' as const),
            delivery_address: `${first + i} Long Ago Street`,
            phone_number: '5550001111',
            notes: 'Leave with the shelter desk',
            first_name: 'Pat',
            last_name: 'Guest',
            email: 'pat@example.org',
            latitude: 40.44,
            longitude: -79.99,
            round_id: null,
            request_time: LONG_AGO,
            updated_at: LONG_AGO,
          })),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('order_items')
        .values(
          rows.map((r) => ({
            order_id: r.id,
            item_name: 'Socks (L)',
            quantity: 2,
            cargo_item_id: null,
            size_label: null,
            is_custom: 0,
          })),
        )
        .execute();
    });
  }
}

function startReader(url: string): ChildProcess {
  const file = path.join(import.meta.dirname, 'read-latency.worker.ts');
  return fork(file, [url], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
}

function stopReader(reader: ChildProcess): Promise<number[]> {
  return new Promise((resolve, reject) => {
    reader.once('message', (latencies) => resolve(latencies as number[]));
    reader.once('error', reject);
    reader.send('stop');
  });
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function report(label: string, latencies: number[]): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(34)} ${String(sorted.length).padStart(6)} reads   p50 ${f(quantile(sorted, 0.5))}` +
      `   p99 ${f(quantile(sorted, 0.99))}   longest ${f(sorted.at(-1) ?? NaN)}`,
  );
}

await withBenchApp(
  async (app) => {
    const url = `${await listenLocally(app)}${CARGO_ITEMS_PATH}`;
    await app.retentionSweeper.idle(); // the start-up sweep, on an empty database
    const seedStart = performance.now();
    await seedFinishedOrders(app.ctx.opened.db);
    console.log(
      `seeded ${ORDERS} finished orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const idle = startReader(url);
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    report('catalogue reads, no sweep (baseline)', await stopReader(idle));

    const busy = startReader(url);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the reader is up and reading
    const start = performance.now();
    const purged = await app.retentionSweeper.run(null);
    const seconds = (performance.now() - start) / 1000;
    report('catalogue reads during the sweep', await stopReader(busy));
    console.log(
      `sweep: ${purged.orders} orders purged in ${seconds.toFixed(2)} s = ` +
        `${(purged.orders / seconds).toFixed(0)} rows/s`,
    );
  },
  { retentionDays: 30 },
);
