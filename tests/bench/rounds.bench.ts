// Volunteer round reads through real HTTP (a server listening on 127.0.0.1, SQLite): requests/s
// of GET /api/rounds/my-rounds for a volunteer signed up on 50 rounds, and of GET
// /api/rounds/all over a calendar of 200 rounds, each measured by autocannon for a few seconds.
// Prints figures only.
import type { Db } from '#server/db/kysely';
import { createSignedInUser, createSignup, createTestRound } from '../support/factories.ts';
import { listenLocally, measureGet, withBenchApp } from './api-bench-support.ts';

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

await withBenchApp(async (app) => {
  const cookie = await seed(app.ctx.opened.db);
  const base = await listenLocally(app);
  const load = { cookie, connections: CONNECTIONS, seconds: MEASURE_SECONDS };
  await fetch(`${base}/api/rounds/my-rounds`, { headers: { cookie } }); // warm-up
  await measureGet(`${base}/api/rounds/my-rounds`, `GET my-rounds (${MY_ROUNDS} rounds)`, load);
  await measureGet(`${base}/api/rounds/all`, `GET all (${CALENDAR_ROUNDS} rounds)`, load);
});
