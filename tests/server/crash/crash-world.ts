// The world the crash tests run in, written straight into a fresh SQLite file before the
// server process starts: clients, volunteers CONFIRMED on the delivery round (the earliest
// upcoming one, so new orders land there too) with orders waiting on it, later rounds with
// two slots for sign-ups, and a catalogue with limited stock (some orders will be refused).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '#server/db/kysely';
import { migrateToLatest } from '#server/db/migrate';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignup,
  createTestRound,
  createUser,
  type TestUser,
} from '../../support/factories.ts';
import { DEFAULT_CLIENT_AUTH_KEY, DEFAULT_CLIENT_ID } from '#server/config';
import { WireClient, rec } from '../../independent-client/wire-client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SIZES = ['S', 'M', 'L'] as const;
export const INITIAL = { gauze: 300, socksPerSize: 40 } as const;

export interface CrashWorld {
  dataDir: string;
  clients: TestUser[];
  volunteers: TestUser[];
  gauze: { id: number; name: string };
  socks: { id: number; name: string };
  deliveryRoundId: number;
  signupRoundIds: number[];
  /** Orders waiting on the delivery round, for the volunteers to complete. */
  waitingOrderIds: number[];
}

export function tempDataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `streetmed-${label}-`));
}

export async function seedCrashWorld(dataDir: string, counts = { clients: 6, volunteers: 4 }) {
  const opened = openDatabase(undefined, dataDir);
  try {
    await migrateToLatest(opened);
    const db = opened.db;
    const clients: TestUser[] = [];
    for (let i = 0; i < counts.clients; i += 1) clients.push(await createUser(db));
    const volunteers: TestUser[] = [];
    for (let i = 0; i < counts.volunteers; i += 1) {
      volunteers.push(await createUser(db, { role: 'VOLUNTEER' }));
    }
    const gauze = await createCatalogueItem(db, { quantity: INITIAL.gauze });
    const socks = await createCatalogueItem(db, {
      sizes: Object.fromEntries(SIZES.map((s) => [s, INITIAL.socksPerSize])),
    });
    const deliveryRoundId = await createTestRound(db, { startsInMs: DAY_MS, maxParticipants: 50 });
    for (const v of volunteers) await createSignup(db, deliveryRoundId, v.id);
    const signupRoundIds: number[] = [];
    for (let day = 2; day <= 9; day += 1) {
      signupRoundIds.push(
        await createTestRound(db, { startsInMs: day * DAY_MS, maxParticipants: 2 }),
      );
    }
    const waitingOrderIds: number[] = [];
    // Orders of people outside the world (no account here): a client may have only 3 open
    // orders at once, and the clients' own come from the workload.
    for (let i = 0; i < 60; i += 1) {
      waitingOrderIds.push(await createOrderOnRound(db, deliveryRoundId, { userId: null }));
    }
    const world: CrashWorld = {
      dataDir,
      clients,
      volunteers,
      gauze,
      socks,
      deliveryRoundId,
      signupRoundIds,
      waitingOrderIds,
    };
    return world;
  } finally {
    await opened.db.destroy();
  }
}

/** A handshake and a login through it, as the web client does at sign-in. */
export async function signIn(baseUrl: string, user: TestUser): Promise<WireClient> {
  const client = new WireClient(baseUrl, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_AUTH_KEY);
  await client.handshake();
  const reply = await client.post(
    '/api/auth/login',
    { username: user.username, password: user.password },
    { encrypt: true },
  );
  if (reply.status !== 200 || rec(reply.json).userId !== user.id) {
    throw new Error(`login of ${user.username} failed: ${reply.status} ${reply.text}`);
  }
  return client;
}
