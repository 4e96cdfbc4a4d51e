// Graceful stop of the real server process (issue 7 item 3, SIGTERM): with sealed, keyed
// orders in flight (taken by the server, bodies held back) the server gets SIGTERM. From then
// on a new request is answered 503 with the error envelope, the requests it had already taken
// finish with their real replies, and the process exits 0 leaving exactly the orders it said
// it stored, stock consistent and the file sound.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_AUTH_KEY, DEFAULT_CLIENT_ID } from '#server/config';
import { rec, WireClient, type Rec } from '../../independent-client/wire-client.ts';
import { startServerProcess, type ServerProcess } from '../../../scripts/lib/server-process.ts';
import { seedCrashWorld, signIn, tempDataDir, type CrashWorld } from './crash-world.ts';
import { openReadOnly, orders, sqliteChecks, stockMismatches } from './db-checks.ts';
import { holdWrite } from './held-request.ts';
import { orderWrite, sendWrite } from './workload.ts';

const HELD_PER_CLIENT = 2;

/** GET /api/health until it is refused with 503: the server has begun its graceful stop. */
async function firstRefusal(baseUrl: string): Promise<Response> {
  for (;;) {
    const reply = await fetch(`${baseUrl}/api/health`);
    if (reply.status === 503) return reply;
    await reply.arrayBuffer();
  }
}

describe('graceful stop: SIGTERM with requests in flight', () => {
  let dataDir = '';
  let world: CrashWorld;
  let server: ServerProcess;
  const clients = new Map<number, WireClient>();

  beforeAll(async () => {
    dataDir = tempDataDir('sigterm');
    world = await seedCrashWorld(dataDir, { clients: 6, volunteers: 0 });
    server = await startServerProcess({ dataDir });
    for (const user of world.clients) clients.set(user.id, await signIn(server.baseUrl, user));
  });
  afterAll(async () => {
    await server.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const clientOf = (userId: number) => clients.get(userId)!;

  it('finishes the requests in flight, answers new ones 503 and exits 0', async () => {
    const writes = world.clients.flatMap((user) =>
      Array.from({ length: HELD_PER_CLIENT }, () => orderWrite(world, user, clientOf(user.id))),
    );
    const held = await Promise.all(writes.map((w) => holdWrite(server.baseUrl, w)));
    server.child.kill('SIGTERM');

    const health = await firstRefusal(server.baseUrl);
    expect(await health.json()).toMatchObject({ status: 'error', error: 'SERVICE_UNAVAILABLE' });
    const stranger = new WireClient(server.baseUrl, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_AUTH_KEY);
    const someone = world.clients[0]!;
    const lateOrder = orderWrite(world, someone, clientOf(someone.id));
    for (const reply of [await stranger.get('/api/cargo/items'), await sendWrite(lateOrder)]) {
      expect(reply.status, reply.text).toBe(503);
      expect(rec(reply.json)).toMatchObject({ status: 'error', error: 'SERVICE_UNAVAILABLE' });
    }

    // The requests taken before the signal now get their bodies and their real verdicts.
    const outcomes = await Promise.all(held.map((h) => h.release()));
    for (const o of outcomes) expect([200, 409], JSON.stringify(o.json)).toContain(o.status);
    expect(await server.exited).toEqual({ code: 0, signal: null });

    const stored = outcomes
      .filter((o) => o.status === 200)
      .map((o) => Number((o.json as Rec).orderId));
    const db = openReadOnly(dataDir);
    try {
      const rows = orders(db);
      expect(rows).toHaveLength(world.waitingOrderIds.length + stored.length);
      for (const id of stored) expect(rows.some((r) => r.id === id)).toBe(true);
      expect(stockMismatches(db, world)).toEqual([]);
    } finally {
      db.close();
    }
    expect(sqliteChecks(dataDir)).toEqual({ integrity: ['ok'], foreignKeys: [] });
  });
});
