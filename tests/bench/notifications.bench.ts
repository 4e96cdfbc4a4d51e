// Web Push delivery (issue 19): notifications sent per second by the app's worker and push
// channel to the loopback push receiver of tests/support/push-receiver.ts (HTTPS, VAPID JWT
// verified, every body decrypted), on SQLite; and the delay from a lottery's request to each
// winner's push arriving there (p50 / p99). Goals: ≥ 500/s, p99 ≤ 2 s.
// Same-run baseline: web-push's own sendNotification to the same receiver with as many in
// flight as the worker's batch, one reused VAPID JWT as the channel's, no database; measured
// before and after the app (mean), so the app's figure reads as a share of what this
// machine's crypto and TLS allow right now. The receiver runs in this process too (its checks
// and decryption cost CPU in both runs alike).
// The receiver's certificate must be trusted at process start (NODE_EXTRA_CA_CERTS), so the
// bench starts itself again as a child with it set. Counts: PUSH_BENCH_COUNT (default 3000),
// PUSH_BENCH_LOTTERIES (default 40, 5 winners each). Prints figures only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { ADMIN_ROUND_PATHS } from '#shared/contracts/admin-rounds';
import { queueNotification } from '#server/notifications/notifications.service';
import { WORKER_DEFAULTS } from '#server/notifications/notification-worker';
import type { FastifyInstance } from 'fastify';
import {
  createSignedInUser,
  createSignup,
  createTestRound,
  createUser,
} from '../support/factories.ts';
import {
  makeTestCertificate,
  startPushReceiver,
  type PushReceiver,
} from '../support/push-receiver.ts';
import { startBenchApp } from './api-bench-support.ts';

const COUNT = Number(process.env.PUSH_BENCH_COUNT ?? 3000);
const LOTTERIES = Number(process.env.PUSH_BENCH_LOTTERIES ?? 40);
const WINNERS = 5;
const USERS = 200;
const CHILD_FLAG = 'PUSH_BENCH_CERT_DIR';

function relaunchTrusting(): never {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-push-bench-'));
  const cert = makeTestCertificate(dir);
  const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_EXTRA_CA_CERTS: cert.certFile, [CHILD_FLAG]: dir },
  });
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}

const perSecond = (n: number, ms: number) => (n / ms) * 1000;
const fmt = (n: number) => n.toFixed(0);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** web-push straight to the receiver, `inFlight` at a time: the ceiling of this machine. */
async function baseline(receiver: PushReceiver, count: number, inFlight: number) {
  const keys = webpush.generateVAPIDKeys();
  const agent = new https.Agent({ keepAlive: true, maxSockets: 64 });
  const sub = receiver.subscription(`baseline-${Date.now()}`);
  // One JWT for the run, as the app's channel reuses one per push service.
  const vapid = webpush.getVapidHeaders(
    receiver.origin,
    'mailto:bench@example.org',
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
  );
  const options = { headers: { Authorization: vapid.Authorization }, TTL: 60, agent };
  const payload = JSON.stringify({ title: 'Bench', body: 'Baseline push', url: '/', tag: 'b' });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        next += 1;
        await webpush.sendNotification(sub.json, payload, options).catch((err: unknown) => {
          const refused = receiver.attempts.find((a) => a.problems.length > 0);
          throw new Error(`baseline push failed: ${refused?.problems.join('; ') ?? String(err)}`);
        });
      }
    }),
  );
  const ms = performance.now() - started;
  agent.destroy();
  return perSecond(count, ms);
}

async function subscribeAll(app: FastifyInstance, receiver: PushReceiver, userIds: number[]) {
  const now = new Date().toISOString();
  await app.ctx.opened.db
    .insertInto('push_subscriptions')
    .values(
      userIds.map((id) => {
        const { json } = receiver.subscription(`user-${id}`);
        return { user_id: id, endpoint: json.endpoint, ...json.keys, created_at: now };
      }),
    )
    .execute();
}

/** COUNT notifications queued in one commit, the worker woken: notifications/s to delivered. */
async function throughput(app: FastifyInstance, receiver: PushReceiver, userIds: number[]) {
  const before = receiver.delivered().length;
  const started = performance.now();
  await app.ctx.opened.db.transaction().execute(async (trx) => {
    for (let i = 0; i < COUNT; i += 1) {
      await queueNotification(
        { trx, now: new Date() },
        {
          kind: 'item.outOfStock',
          eventKey: `bench:${i}`,
          userIds: [userIds[i % userIds.length]!],
          params: { itemId: i, name: `Item ${i}` },
        },
      );
    }
  });
  const queuedMs = performance.now() - started;
  app.notifications.wake();
  await receiver.waitFor(() => receiver.delivered().length - before >= COUNT, 600_000);
  const ms = performance.now() - started;
  return { rate: perSecond(COUNT, ms), queuedMs };
}

/** Lotteries one after another; each winner's delay from the reply to the push arriving. */
async function lotteryDelays(app: FastifyInstance, receiver: PushReceiver) {
  const db = app.ctx.opened.db;
  const admin = await createSignedInUser(db, { role: 'ADMIN', password: null });
  const delays: number[] = [];
  for (let n = 0; n < LOTTERIES; n += 1) {
    const roundId = await createTestRound(db, {
      maxParticipants: WINNERS,
      startsInMs: 7 * 24 * 3_600_000,
    });
    const volunteers = await Promise.all(
      Array.from({ length: WINNERS }, () => createUser(db, { role: 'VOLUNTEER', password: null })),
    );
    for (const v of volunteers) await createSignup(db, roundId, v.id, 'WAITLISTED');
    await subscribeAll(
      app,
      receiver,
      volunteers.map((v) => v.id),
    );
    const names = new Set(volunteers.map((v) => `user-${v.id}`));
    const start = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: ADMIN_ROUND_PATHS.lottery.replace(':roundId', String(roundId)),
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    if (res.statusCode !== 200) throw new Error(`lottery answered ${res.statusCode}`);
    const arrived = () => receiver.delivered().filter((a) => names.has(a.name));
    await receiver.waitFor(() => arrived().length >= WINNERS, 60_000);
    for (const a of arrived()) delays.push(a.receivedAt - start);
  }
  return delays.sort((a, b) => a - b);
}

async function main() {
  const certDir = process.env[CHILD_FLAG];
  if (certDir === undefined) relaunchTrusting();
  const receiver = await startPushReceiver({
    certFile: path.join(certDir, 'push-cert.pem'),
    keyFile: path.join(certDir, 'push-key.pem'),
  });
  const inFlight = WORKER_DEFAULTS.batch;
  const load = () => os.loadavg()[0]!.toFixed(2);
  console.log(`load average before: ${load()}`);
  const baseBefore = await baseline(receiver, COUNT, inFlight);
  const bench = await startBenchApp({ pushHosts: ['127.0.0.1'] });
  try {
    const { app } = bench;
    receiver.expectKey(app.pushKeys.publicKey);
    const users = await Promise.all(
      Array.from({ length: USERS }, () => createUser(app.ctx.opened.db, { password: null })),
    );
    const userIds = users.map((u) => u.id);
    await subscribeAll(app, receiver, userIds);
    const { rate, queuedMs } = await throughput(app, receiver, userIds);
    const delays = await lotteryDelays(app, receiver);
    receiver.expectKey(undefined); // the baseline signs with its own key
    const baseAfter = await baseline(receiver, COUNT, inFlight);
    const base = (baseBefore + baseAfter) / 2;
    const problems = receiver.attempts.filter((a) => a.problems.length > 0).length;
    console.log(
      `web-push alone (${inFlight} in flight, no database): ${fmt(baseBefore)} before, ` +
        `${fmt(baseAfter)} after, mean ${fmt(base)} pushes/s`,
    );
    console.log(
      `app, SQLite: ${COUNT} notifications (one device each, ${USERS} people) queued in one ` +
        `commit (${fmt(queuedMs)} ms) to all delivered: ${fmt(rate)}/s ` +
        `(${(rate / base).toFixed(2)} of web-push alone; goal ≥ 500/s)`,
    );
    console.log(
      `lottery request → push at the receiver, ${delays.length} pushes of ${LOTTERIES} lotteries: ` +
        `p50 ${fmt(percentile(delays, 50))} ms, p99 ${fmt(percentile(delays, 99))} ms, ` +
        `max ${fmt(delays.at(-1) ?? NaN)} ms (goal p99 ≤ 2000 ms)`,
    );
    console.log(`pushes the receiver refused: ${problems}; load average after: ${load()}`);
  } finally {
    await bench.close();
    await receiver.close();
  }
}

await main();
