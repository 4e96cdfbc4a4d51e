// The volunteer's data through real HTTP (a server listening on 127.0.0.1, SQLite), for a
// volunteer CONFIRMED on 50 rounds carrying 200 orders: requests/s of GET /api/rounds/my-rounds
// and GET /api/orders/volunteer/assigned (autocannon, a few seconds each), and the cold-start
// mirror — the GETs the client's mirror makes for a VOLUNTEER (offline/mirror-lists.ts: the
// same paths and reply readers), with the login cookie, one after another (the engine's
// refreshMirror) and all at once (the dashboard's refresh). Prints figures only; the goal is
// one round-trip per list and under 300 ms on loopback.
import type { Db } from '#server/db/kysely';
import { MIRROR_LISTS, type MirrorListName } from '#client/offline/mirror-lists';
import type { RememberedUser } from '#client/offline/types';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignedInUser,
  createSignup,
  createTestRound,
} from '../support/factories.ts';
import { listenLocally, measureGet, withBenchApp } from './api-bench-support.ts';

const MEASURE_SECONDS = 3;
const CONNECTIONS = 10;
const MY_ROUNDS = 50;
const ORDERS = 200;
const OTHER_ROUNDS = 50;
const CATALOGUE_ITEMS = 60;
const COLD_STARTS = 20;
const DAY = 24 * 60 * 60 * 1000;

interface Seeded {
  cookie: string;
  user: RememberedUser;
}

/**
 * 50 rounds of mine (25 past, 25 ahead) with 4 orders each (200; a quarter COMPLETED), 50
 * more rounds in the calendar that are not mine, and a catalogue of 60 items.
 */
async function seed(db: Db): Promise<Seeded> {
  const me = await createSignedInUser(db, { role: 'VOLUNTEER', password: null });
  for (let i = 0; i < MY_ROUNDS; i++) {
    const roundId = await createTestRound(db, { startsInMs: (i - MY_ROUNDS / 2) * DAY + DAY / 2 });
    await createSignup(db, roundId, me.id);
    for (let j = 0; j < ORDERS / MY_ROUNDS; j++) {
      await createOrderOnRound(db, roundId, {
        status: j === 0 ? 'COMPLETED' : 'PENDING',
        items: [
          { itemName: 'Socks (L)', quantity: 2 },
          { itemName: 'Water', quantity: 6 },
        ],
      });
    }
  }
  for (let i = 0; i < OTHER_ROUNDS; i++) {
    await createTestRound(db, { startsInMs: (i + 1) * DAY });
  }
  for (let i = 0; i < CATALOGUE_ITEMS; i++) await createCatalogueItem(db);
  const user: RememberedUser = {
    userId: me.id,
    username: me.username,
    role: 'VOLUNTEER',
    email: me.email,
    phone: me.phone,
  };
  return { cookie: me.cookie, user };
}

interface ListFetch {
  name: MirrorListName;
  roundTrips: number;
  ms: number;
  items: number;
  bytes: number;
}

/** One list as the mirror fetches it: one GET, read by the list's own reader. */
async function fetchList(
  base: string,
  cookie: string,
  user: RememberedUser,
  name: MirrorListName,
): Promise<ListFetch> {
  const listPath = MIRROR_LISTS[name].path(user);
  if (listPath === null) throw new Error(`${name} is not a volunteer's list`);
  const started = performance.now();
  const response = await fetch(`${base}${listPath}`, { headers: { cookie } });
  const text = await response.text();
  const items = response.ok ? MIRROR_LISTS[name].items(JSON.parse(text)) : null;
  if (items === null) throw new Error(`${name}: HTTP ${response.status} ${text.slice(0, 200)}`);
  const ms = performance.now() - started;
  return { name, roundTrips: 1, ms, items: items.length, bytes: text.length };
}

function volunteerLists(user: RememberedUser): MirrorListName[] {
  return (Object.keys(MIRROR_LISTS) as MirrorListName[]).filter(
    (name) => MIRROR_LISTS[name].path(user) !== null,
  );
}

async function coldStart(
  base: string,
  seeded: Seeded,
  mode: 'sequential' | 'parallel',
): Promise<{ ms: number; lists: ListFetch[] }> {
  const names = volunteerLists(seeded.user);
  const started = performance.now();
  let lists: ListFetch[];
  if (mode === 'parallel') {
    lists = await Promise.all(names.map((n) => fetchList(base, seeded.cookie, seeded.user, n)));
  } else {
    lists = [];
    for (const n of names) lists.push(await fetchList(base, seeded.cookie, seeded.user, n));
  }
  return { ms: performance.now() - started, lists };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function reportColdStarts(base: string, seeded: Seeded): Promise<void> {
  for (const mode of ['sequential', 'parallel'] as const) {
    const first = await coldStart(base, seeded, mode);
    const times = [first.ms];
    for (let i = 1; i < COLD_STARTS; i++) times.push((await coldStart(base, seeded, mode)).ms);
    const trips = first.lists.reduce((n, l) => n + l.roundTrips, 0);
    console.log(
      `mirror cold start, ${mode.padEnd(10)} ${String(trips)} round-trips   ` +
        `first ${first.ms.toFixed(1)} ms   median ${median(times).toFixed(1)} ms   ` +
        `max ${Math.max(...times).toFixed(1)} ms (${COLD_STARTS} runs)`,
    );
    if (mode === 'sequential') {
      for (const list of first.lists) {
        console.log(
          `  ${list.name.padEnd(16)} ${String(list.roundTrips)} round-trip   ` +
            `${list.ms.toFixed(1).padStart(6)} ms (first run)   ` +
            `${String(list.items).padStart(4)} items   ${(list.bytes / 1024).toFixed(1)} KiB`,
        );
      }
    }
  }
}

await withBenchApp(async (app) => {
  const seeded = await seed(app.ctx.opened.db);
  const base = await listenLocally(app);
  // The cold start first, before anything has warmed the server's caches and statements.
  await reportColdStarts(base, seeded);
  const load = { cookie: seeded.cookie, connections: CONNECTIONS, seconds: MEASURE_SECONDS };
  await measureGet(`${base}/api/rounds/my-rounds`, `GET my-rounds (${MY_ROUNDS} rounds)`, load);
  await measureGet(
    `${base}/api/orders/volunteer/assigned`,
    `GET volunteer/assigned (${ORDERS} orders)`,
    load,
  );
});
