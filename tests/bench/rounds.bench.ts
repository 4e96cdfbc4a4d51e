// Volunteer round reads through real HTTP (a server listening on 127.0.0.1, SQLite): requests/s
// of GET /api/rounds/my-rounds for a volunteer signed up on 50 rounds, and of GET
// /api/rounds/all over a calendar of 200 rounds, each measured by autocannon for a few seconds.
// Prints figures only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { Db } from '#server/db/kysely';
import { createSignedInUser, createSignup, createTestRound } from '../support/factories.ts';

const MEASURE_SECONDS = 4;
const CONNECTIONS = 10;
const CALENDAR_ROUNDS = 200;
const MY_ROUNDS = 50;
const DAY = 24 * 60 * 60 * 1000;

/** 200 rounds from 100 days ago to 100 days ahead; the volunteer is on every 4th (50). */
async function seed(db: Db): Promise<string> {
  const me = await createSignedInUser(db, { role: 'VOLUNTEER', password: null });
  const others = await Promise.all(
    Array.from({ length: 5 }, () => createSignedInUser(db, { role: 'VOLUNTEER', password: null })),
  );
  for (let i = 0; i < CALENDAR_ROUNDS; i++) {
    const roundId = await createTestRound(db, { startsInMs: (i - CALENDAR_ROUNDS / 2) * DAY });
    for (const other of others.slice(0, i % 5)) await createSignup(db, roundId, other.id);
    if (i % (CALENDAR_ROUNDS / MY_ROUNDS) === 0) await createSignup(db, roundId, me.id);
  }
  return me.cookie;
}

async function measure(url: string, cookie: string, label: string): Promise<void> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: MEASURE_SECONDS,
    headers: { cookie },
  });
  const perSecond = result.requests.average.toFixed(0);
  const p99 = result.latency.p99.toFixed(1);
  console.log(
    `${label.padEnd(44)} ${perSecond.padStart(8)} req/s   p99 ${p99} ms   non-2xx ${result.non2xx}`,
  );
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-bench-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', STATIC_DIR: path.join(dataDir, 'x') }),
    rateLimitScale: 1_000_000,
  };
  const app = await buildApp(config);
  try {
    const cookie = await seed(app.ctx.opened.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    await fetch(`${base}/api/rounds/my-rounds`, { headers: { cookie } }); // warm-up
    await measure(`${base}/api/rounds/my-rounds`, cookie, `GET my-rounds (${MY_ROUNDS} rounds)`);
    await measure(`${base}/api/rounds/all`, cookie, `GET all (${CALENDAR_ROUNDS} rounds)`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
