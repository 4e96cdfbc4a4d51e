// Issue 18 "Show": two real server processes (`node --import tsx src/server/main.ts`) on one
// fresh PostgreSQL database and one Redis, behind Debian's nginx running deploy/nginx-cluster.conf
// (TLS with a self-signed certificate, round-robin, retries on the next process), all on
// loopback. Clients reach nginx from their own loopback addresses (127.0.0.x), so the
// processes (TRUST_PROXY=127.0.0.1) see a different client per address; some calls go to
// each process directly to show that what one did, the other knows.
// Skipped without nginx, PostgreSQL or Redis, unless CI=true (then it must run, and fails).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CLIENT_AUTH_KEY, DEFAULT_CLIENT_ID } from '#server/config';
import { LOGIN_COOKIE } from '#server/plugins/access';
import { createPostgresDatabase } from '../support/build-app.ts';
import { rec, WireClient } from '../independent-client/wire-client.ts';
import { signIn } from '../server/crash/crash-world.ts';
import { requestFrom } from '../server/proxy/nginx.ts';
import { NGINX } from '../../scripts/lib/nginx-process.ts';
import { startCluster, type RunningCluster } from '../../scripts/lib/cluster.ts';
import { TlsClient } from '../../scripts/lib/tls-client.ts';
import type { ServerProcess } from '../../scripts/lib/server-process.ts';
import {
  orderBody,
  PASSWORD,
  plainThrough,
  sameClientOn,
  seedClusterWorld,
  signInThrough,
  type ClusterWorld,
} from './cluster-world.ts';
import { startLoad, type LoadClient } from './cluster-load.ts';

// global-setup gives '' when PostgreSQL or Redis does not answer (and fails under CI=true).
const REDIS_URL = inject('redisUrl');
const inCi = process.env.CI === 'true';
const partsAnswer = fs.existsSync(NGINX) && inject('postgresUrl') !== '' && REDIS_URL !== '';
const canRun = partsAnswer || inCi;

/** nginx leaves a failed process out this long (deploy/nginx-cluster.conf fail_timeout). */
const FAIL_TIMEOUT_MS = 2000;
const SHUTDOWN_GRACE_MS = 1500;
const THROTTLED = 'Too many failed sign-in attempts. Try again later.';
/** Clients for the tests before the load tests, then per load test. */
const CLIENTS = { few: 6, kill: 12, rolling: 10 };

const wireClient = (baseUrl: string) =>
  new WireClient(baseUrl, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_AUTH_KEY);

function cookiesOf(setCookie: string | string[] | undefined): string {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

async function waitReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reply = await fetch(`${server.baseUrl}/api/ready`).catch(() => undefined);
    await reply?.arrayBuffer();
    if (reply?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${server.baseUrl} never became ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!canRun)('two processes on PostgreSQL + Redis behind nginx', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let cluster: RunningCluster | undefined;
  let world: ClusterWorld;
  let tls: TlsClient;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-cluster-seed-'));
  const clientsLeft: ClusterWorld['clients'] = [];
  const takeClients = (n: number) => clientsLeft.splice(0, n);
  const server = (i: number) => cluster!.servers[i]!;

  beforeAll(async () => {
    if (!partsAnswer) throw new Error('CI=true: nginx, PostgreSQL and Redis must all answer');
    database = await createPostgresDatabase('streetmed_cluster');
    const total = CLIENTS.few + CLIENTS.kill + CLIENTS.rolling;
    world = await seedClusterWorld(database.url, dataDir, total);
    clientsLeft.push(...world.clients);
    cluster = await startCluster({
      databaseUrl: database.url,
      redisUrl: REDIS_URL,
      redisPrefix: `streetmed-test-${randomBytes(6).toString('hex')}`,
      env: { LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS) },
    });
    tls = new TlsClient(cluster.httpsPort, cluster.certFile);
  }, 180_000);

  afterAll(async () => {
    if (cluster !== undefined) tls.close();
    await cluster?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Rows of orders whose notes are exactly `note`. */
  async function ordersNoted(note: string): Promise<number[]> {
    const db = new pg.Client({ connectionString: database!.url });
    await db.connect();
    try {
      const result = await db.query<{ id: number }>('select id from orders where notes = $1', [
        note,
      ]);
      return result.rows.map((r) => r.id);
    } finally {
      await db.end();
    }
  }

  it('plain http is sent to https; the TLS site answers', async () => {
    const redirect = await requestFrom('127.0.0.2', cluster!.httpPort, 'GET', '/api/health');
    expect(redirect.status).toBe(301);
    const health = await plainThrough(tls, '127.0.0.2', 'GET', '/api/health');
    expect(health.status).toBe(200);
  });

  it('a login made through nginx works on each process, and one made on a process on the other', async () => {
    const [viaNginx, onSecond] = takeClients(2);
    const login = await plainThrough(tls, '127.0.0.2', 'POST', '/api/auth/login', {
      username: viaNginx!.username,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const cookie = cookiesOf(login.headers['set-cookie']);
    expect(cookie).toContain(`${LOGIN_COOKIE}=`);
    for (const i of [0, 1]) {
      const me = await fetch(`${server(i).baseUrl}/api/auth/me`, { headers: { cookie } });
      expect(me.status, `process ${i + 1}`).toBe(200);
      expect(rec(await me.json()).userId).toBe(viaNginx!.id);
    }
    const signedIn = await signIn(server(1).baseUrl, onSecond!);
    const onFirst = sameClientOn(signedIn, server(0).baseUrl, wireClient);
    const me = await onFirst.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(rec(me.json).userId).toBe(onSecond!.id);
  });

  it('one secure session: a handshake on one process, sealed requests on the other', async () => {
    const [user] = takeClients(1);
    const first = wireClient(server(0).baseUrl);
    await first.handshake();
    const second = sameClientOn(first, server(1).baseUrl, wireClient);
    const login = await second.post(
      '/api/auth/login',
      { username: user!.username, password: PASSWORD },
      { encrypt: true },
    );
    expect(login.status).toBe(200);
    expect(login.encrypted).toBe(true);
    // The login cookie came back from the second process; the first reads a sealed order.
    const back = sameClientOn(second, server(0).baseUrl, wireClient);
    const order = await back.post('/api/orders/create', orderBody(user!, world.item, 'sealed'), {
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(order.status, order.text).toBe(200);
    expect(order.encrypted).toBe(true);
  });

  it('one idempotency key: the same write to both processes makes one order, one reply', async () => {
    const [user] = takeClients(1);
    const onFirst = await signIn(server(0).baseUrl, user!);
    const onSecond = sameClientOn(onFirst, server(1).baseUrl, wireClient);
    const send = (client: WireClient, key: string, note: string) =>
      client.post('/api/orders/create', orderBody(user!, world.item, note), {
        headers: { 'Idempotency-Key': key },
      });

    const key = randomUUID();
    const first = await send(onFirst, key, `same key ${key}`);
    const second = await send(onSecond, key, `same key ${key}`);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await ordersNoted(`same key ${key}`)).toEqual([rec(first.json).orderId]);

    // Both at once: one runs, the other waits for its row and replays it.
    const racing = randomUUID();
    const both = await Promise.all([
      send(onFirst, racing, `raced ${racing}`),
      send(onSecond, racing, `raced ${racing}`),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[1].json).toEqual(both[0].json);
    expect(await ordersNoted(`raced ${racing}`)).toEqual([rec(both[0].json).orderId]);
  });

  it('one rate limit across both: the 11th reset request of an address is refused', async () => {
    const reset = (from: string, i: number) =>
      requestFrom(from, server(i % 2).port, 'POST', '/api/auth/password/request-reset', {
        email: 'nobody@example.org',
      });
    const direct = [];
    for (let i = 0; i < 11; i++) direct.push((await reset('127.0.0.4', i)).status);
    expect(direct).toEqual([...Array<number>(10).fill(200), 429]);
    // Through nginx (round-robin) from another address: the same single count.
    const viaNginx = [];
    for (let i = 0; i < 11; i++) {
      const reply = await plainThrough(
        tls,
        '127.0.0.5',
        'POST',
        '/api/auth/password/request-reset',
        {
          email: 'nobody@example.org',
        },
      );
      viaNginx.push(reply.status);
    }
    expect(viaNginx).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('one sign-in throttle across both; the owner\u2019s device cookie still signs in', async () => {
    const [user] = takeClients(1);
    const login = (from: string, i: number, password: string, cookie?: string) =>
      requestFrom(
        from,
        server(i).port,
        'POST',
        '/api/auth/login',
        { username: user!.username, password },
        cookie === undefined ? {} : { cookie },
      );
    // The owner signed in before from home (127.0.0.7) on the first process: a device cookie.
    const owner = await fetch(`${server(0).baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user!.username, password: PASSWORD }),
    });
    expect(owner.status).toBe(200);
    const deviceCookie = owner.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .filter((pair) => pair.startsWith('sm_device='))
      .join('; ');
    expect(deviceCookie).not.toBe('');

    const failures = [];
    for (let i = 0; i < 5; i++)
      failures.push((await login('127.0.0.6', i % 2, `wrong${i}`)).status);
    expect(failures).toEqual([401, 401, 401, 401, 401]);
    for (const i of [0, 1]) {
      const refused = await login('127.0.0.6', i, PASSWORD);
      expect(refused.status, `process ${i + 1}`).toBe(429);
      expect(rec(refused.json).message).toBe(THROTTLED);
    }
    // The same address, with the owner's device cookie, on the other process: signed in.
    expect((await login('127.0.0.6', 1, PASSWORD, deviceCookie)).status).toBe(200);
  });

  it('a catalogue change on one process is seen on the other within a second', async () => {
    const admin = await signIn(server(0).baseUrl, world.admin);
    const quantityOn = async (i: number) => {
      const reply = await fetch(`${server(i).baseUrl}/api/cargo/items`);
      const { items } = (await reply.json()) as { items: { id: number; quantity: number }[] };
      return items.find((item) => item.id === world.item.id)?.quantity;
    };
    await quantityOn(1); // the second process has the catalogue cached
    const quantity = 500_000 + Math.floor(Math.random() * 1000);
    const change = await admin.put(
      `/api/cargo/items/${world.item.id}`,
      { name: world.item.name, quantity },
      { headers: { 'admin-username': world.admin.username, 'Idempotency-Key': randomUUID() } },
    );
    expect(change.status, JSON.stringify(change.json)).toBe(200);
    const changedAt = Date.now();
    while ((await quantityOn(1)) !== quantity) {
      expect(Date.now() - changedAt).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.now() - changedAt).toBeLessThan(1000);
  });

  async function loadClients(count: number, firstAddress: string): Promise<LoadClient[]> {
    const users = takeClients(count);
    return Promise.all(
      users.map(async (user, i) => ({
        user,
        client: await signInThrough(tls, `${firstAddress}${i + 10}`, user, server(0).baseUrl),
        from: `${firstAddress}${i + 10}`,
      })),
    );
  }

  it(
    'SIGKILL of one process while clients keep ordering through nginx loses no acknowledged order',
    { timeout: 180_000 },
    async () => {
      const clients = await loadClients(CLIENTS.kill, '127.0.1.');
      const load = startLoad({
        tls,
        item: world.item,
        clients,
        ordersPerClient: 8,
        paceMs: 50,
        retry: true,
        readers: ['127.0.1.2', '127.0.1.3'],
        notePrefix: 'kill',
      });
      while (load.acked.length < 15) await new Promise((r) => setTimeout(r, 10));
      const killed = server(0);
      killed.child.kill('SIGKILL');
      expect((await killed.exited).signal).toBe('SIGKILL');
      const ackedAtKill = load.acked.length;
      await load.ordersDone;
      await load.stop();

      expect(load.failures).toEqual([]);
      // nginx resends a write the killed process had read (its IV recorded) to the other one,
      // which answers it from its Idempotency-Key (plugins/secure-channel.ts); before, that
      // came back 400 "replayed IV" 1–5 times per kill.
      expect(load.acked.length).toBe(CLIENTS.kill * 8);
      expect(load.acked.length).toBeGreaterThan(ackedAtKill);
      // Every acknowledged order exists exactly once, under the id its reply gave.
      for (const { key, orderId } of load.acked) {
        expect(await ordersNoted(`kill ${key}`), key).toEqual([orderId]);
      }
      await cluster!.restart(0);
      await waitReady(server(0));
    },
  );

  it(
    'a rolling restart (SIGTERM, restart, then the other) under load fails no request',
    { timeout: 180_000 },
    async () => {
      // The processes left out after the kill test are back in nginx's rotation.
      await new Promise((r) => setTimeout(r, FAIL_TIMEOUT_MS + 500));
      const clients = await loadClients(CLIENTS.rolling, '127.0.2.');
      const load = startLoad({
        tls,
        item: world.item,
        clients,
        ordersPerClient: 9,
        paceMs: 1500,
        retry: false,
        readers: ['127.0.2.2', '127.0.2.3', '127.0.2.4'],
        notePrefix: 'rolling',
      });
      await new Promise((r) => setTimeout(r, 1000));
      const exits = [];
      const answeredWhileStopping = [];
      for (const i of [0, 1]) {
        const before = load.answered();
        const stopping = server(i);
        stopping.child.kill('SIGTERM');
        exits.push(await stopping.exited);
        answeredWhileStopping.push(load.answered() - before);
        await cluster!.restart(i);
        await waitReady(server(i));
        // nginx takes the restarted process back once its fail_timeout has passed.
        await new Promise((r) => setTimeout(r, FAIL_TIMEOUT_MS + 500));
      }
      await load.stop();

      expect(load.failures).toEqual([]);
      expect(exits).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);
      expect(
        answeredWhileStopping.every((n) => n > 0),
        String(answeredWhileStopping),
      ).toBe(true);
      expect(load.acked.length).toBeGreaterThan(CLIENTS.rolling);
      for (const i of [0, 1]) await waitReady(server(i));
    },
  );
});
