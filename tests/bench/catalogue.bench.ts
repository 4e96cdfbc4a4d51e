// Catalogue reads per second: GET /api/cargo/items on the real app (SQLite, 200 items, a third
// of them with sizes, every plugin and hook in place) against a plain node:http server sending
// the very same bytes, in the same run, and the ratio of the two. Prints figures only.
// autocannon runs as a separate process so the load generator does not share the servers'
// event loop; each server is warmed up for a second, then measured for MEASURE_S seconds.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Db } from '#server/db/kysely';
import { CARGO_ITEMS_PATH } from '#shared/contracts/cargo';
import { listenLocally, withBenchApp } from './api-bench-support.ts';

const ITEMS = 200;
const MEASURE_S = Number(process.env.MEASURE_S ?? 5);
const CONNECTIONS = 10;
const AUTOCANNON = path.join(import.meta.dirname, '../../node_modules/.bin/autocannon');

async function seed(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ITEMS; i += 1) {
      const name = `Supply item ${String(i).padStart(3, '0')}`;
      const row = await trx
        .insertInto('cargo_items')
        .values({
          name,
          name_key: name.toLowerCase(),
          description: `Description of ${name}, kept short as on the admin form.`,
          category: ['Hygiene', 'Clothing', 'First aid', 'Food'][i % 4] ?? null,
          quantity: i % 3 === 0 ? 18 : 40 + i,
          image_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (i % 3 !== 0) continue;
      await trx
        .insertInto('cargo_item_sizes')
        .values(['S', 'M', 'L'].map((size_label) => ({ item_id: row.id, size_label, quantity: 6 })))
        .execute();
    }
  });
}

function urlOf(server: http.Server, pathname: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}${pathname}`;
}

interface Rate {
  perSecond: number;
  /** CPU time of this process (the servers; autocannon is another process) per request. */
  cpuMicrosPerRequest: number;
}

/** autocannon's result for `url` over `seconds`, with this process's CPU time spent meanwhile. */
function measure(url: string, seconds: number): Promise<Rate> {
  const args = ['-c', String(CONNECTIONS), '-d', String(seconds), '-j', url];
  const cpuBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const child = spawn(AUTOCANNON, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const cpu = process.cpuUsage(cpuBefore);
      if (code !== 0) return reject(new Error(`autocannon exited with ${String(code)}`));
      const result = JSON.parse(out) as {
        requests: { average: number; total: number };
        non2xx: number;
      };
      if (result.non2xx > 0) return reject(new Error(`${result.non2xx} non-2xx replies`));
      resolve({
        perSecond: result.requests.average,
        cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
      });
    });
  });
}

async function rateOf(label: string, url: string): Promise<Rate> {
  await measure(url, 1);
  const rate = await measure(url, MEASURE_S);
  console.log(
    `${label}: ${rate.perSecond.toFixed(0)} req/s, ` +
      `${rate.cpuMicrosPerRequest.toFixed(0)} µs server CPU per request`,
  );
  return rate;
}

await withBenchApp(async (app) => {
  const plain = http.createServer();
  try {
    await seed(app.ctx.opened.db);
    const appUrl = `${await listenLocally(app)}${CARGO_ITEMS_PATH}`;
    const bytes = Buffer.from(await (await fetch(appUrl)).arrayBuffer());
    plain.on('request', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': bytes.length,
      });
      res.end(bytes);
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    console.log(`catalogue of ${ITEMS} items: ${bytes.length} bytes per reply`);
    const baseline = await rateOf('plain node:http, same bytes', urlOf(plain, '/'));
    const ours = await rateOf('GET /api/cargo/items (app, SQLite)', appUrl);
    console.log(`ratio app / plain node:http: ${(ours.perSecond / baseline.perSecond).toFixed(3)}`);
    // Steadier than req/s on a busy machine: the inverse ratio of CPU spent per request.
    const cpuRatio = baseline.cpuMicrosPerRequest / ours.cpuMicrosPerRequest;
    console.log(`ratio by server CPU per request (plain / app): ${cpuRatio.toFixed(3)}`);
  } finally {
    plain.close();
  }
});
