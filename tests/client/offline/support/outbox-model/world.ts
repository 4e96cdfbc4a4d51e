// The real server the outbox model test runs against, and what each run sets up in it. One
// server per test file (or soak), on an SQLite file that outlives restarts: restart() closes
// the app and builds a new one on the same database file and port, as a redeploy would.
// No vitest here: the soak (`npm run soak -- outbox`) runs the same model outside vitest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig, type ServerConfig } from '#server/config';
import type { Db } from '#server/db/kysely';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignedInUser,
  createSignup,
  createTestRound,
  signedInCookie,
  type SignedInUser,
} from '../../../../support/factories.ts';

export interface ModelServer {
  readonly baseUrl: string;
  readonly config: ServerConfig;
  /** The current app's database (a new handle after each restart). */
  db(): Db;
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function listenOn(app: FastifyInstance, port: number): Promise<number> {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export async function startModelServer(): Promise<ModelServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-outbox-model-'));
  const config: ServerConfig = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', STATIC_DIR: path.join(dataDir, 'x') }),
    // Every run's requests come from one address: the per-address limits would hold them.
    rateLimitScale: 100_000,
  };
  let app = await buildApp(config);
  const port = await listenOn(app, 0);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    db: () => app.ctx.opened.db,
    async restart() {
      // As main.ts stops on SIGTERM: answer what is in flight, then close. Fastify's close()
      // alone leaves a keep-alive connection whose request was in flight open until its 72 s
      // keep-alive timeout (the client keeps it too), so the restart hung (soak seed 20261126,
      // run 246: Drain(crash) left the other tab's request in flight, then RestartServer).
      await app.drainRequests();
      await app.close();
      app = await buildApp(config);
      await listenOn(app, port);
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What one run works on: fresh users and entities, so runs never see each other's rows. */
export interface RunFixture {
  role: 'CLIENT' | 'VOLUNTEER';
  user: SignedInUser;
  /** The item's stock when the run began. */
  stock: number;
  /** The run's guest (guest orders): one phone and email, so the day's limit can refuse. */
  guestPhone: string;
  guestEmail: string;
  /** CLIENT: an item with little stock, and two open orders the client may cancel. */
  itemName: string;
  itemId: number;
  cancellableOrders: number[];
  /** VOLUNTEER: a round with the volunteer's live sign-up and few slots, and two orders on a
   * round the volunteer is confirmed on (Start delivery, Complete). */
  signupRound: number;
  firstSignupId: number;
  deliveryOrders: number[];
}

export async function createRunFixture(
  db: Db,
  role: RunFixture['role'],
  stock: number,
): Promise<RunFixture> {
  const user = await createSignedInUser(db, { role, password: null });
  const fixture: RunFixture = {
    role,
    user,
    stock,
    guestPhone: `555${randomInt(1_000_000, 10_000_000)}`,
    guestEmail: `guest-${randomUUID()}@example.org`,
    itemName: '',
    itemId: 0,
    cancellableOrders: [],
    signupRound: 0,
    firstSignupId: 0,
    deliveryOrders: [],
  };
  if (role === 'CLIENT') {
    const item = await createCatalogueItem(db, { quantity: stock, name: `Item ${randomUUID()}` });
    fixture.itemName = item.name;
    fixture.itemId = item.id;
    for (let i = 0; i < 2; i += 1) {
      fixture.cancellableOrders.push(await createOrderOnRound(db, null, { userId: user.id }));
    }
    return fixture;
  }
  fixture.signupRound = await createTestRound(db, { maxParticipants: 2 });
  fixture.firstSignupId = await createSignup(db, fixture.signupRound, user.id, 'CONFIRMED');
  const workRound = await createTestRound(db, { startsInMs: 2 * 60 * 60 * 1000 });
  await createSignup(db, workRound, user.id, 'CONFIRMED');
  for (let i = 0; i < 2; i += 1) {
    fixture.deliveryOrders.push(await createOrderOnRound(db, workRound));
  }
  return fixture;
}

/** A new login of the run's user (after the model signed them out). */
export function newLogin(db: Db, fixture: RunFixture): Promise<string> {
  return signedInCookie(db, fixture.user.id);
}
