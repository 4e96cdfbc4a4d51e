// Benchmark: drain queued actions after reconnecting, on loopback, through the secure channel
// (issue #3): 500 feedback submissions queued offline (one failed attempt each, as a phone
// without signal makes), then one replay pass. Prints the drain time and the requests sent per
// action (goals: under 10 s, exactly 1 request per action), with the replayer's default
// concurrency and, for comparison, one at a time. Figures are printed, never asserted.
// Run: npx tsx tests/bench/outbox-drain.bench.ts
import os from 'node:os';
import { enqueue } from '#client/offline/outbox';
import { DEFAULT_CONCURRENCY, drainOutbox } from '#client/offline/replayer';
import { startTestServer, type TestServer } from '../support/build-app.ts';
import { feedbackAction } from '../client/offline/support/actions.ts';
import { newDevice } from '../client/offline/support/fake-db.ts';
import { createNodeClient } from '../client/offline/support/node-client.ts';
import { unreachableTransport } from '../client/offline/support/replay-server.ts';

interface Run {
  actions: number;
  concurrency: number;
}

async function storedCount(server: TestServer, prefix: string): Promise<number> {
  const row = await server.app.ctx.opened.db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('content', 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  return row.n;
}

async function drain(server: TestServer, run: Run): Promise<string[]> {
  const client = createNodeClient(server.baseUrl, server.config);
  const db = newDevice().open();
  const prefix = `bench c${run.concurrency} `;
  const queueStart = performance.now();
  for (let i = 0; i < run.actions; i += 1) await enqueue(db, feedbackAction(`${prefix}${i}`));
  const queueMs = performance.now() - queueStart;
  await drainOutbox({ db, transport: unreachableTransport(), concurrency: run.concurrency });

  const start = performance.now();
  const result = await drainOutbox({
    db,
    transport: client.transport,
    concurrency: run.concurrency,
  });
  const ms = performance.now() - start;
  db.close();
  return [
    `${run.actions} actions, ${run.concurrency} in flight:`,
    `  queue (Dexie on fake-indexeddb):  ${queueMs.toFixed(0)} ms`,
    `  drain after reconnect:            ${ms.toFixed(0)} ms (${(ms / run.actions).toFixed(1)} ms/action)`,
    `  sent / refused:                   ${result.sent} / ${result.rejected}`,
    `  requests per action:              ${(client.stats.requests / run.actions).toFixed(3)} (+ ${client.stats.handshakes} handshake)`,
    `  rows stored on the server:        ${await storedCount(server, prefix)}`,
  ];
}

async function main(): Promise<void> {
  const server = await startTestServer('sqlite', { rateLimitScale: 10_000 }, { listen: true });
  try {
    const lines = [
      'outbox drain after reconnect (loopback, secure channel, SQLite synchronous=FULL)',
      `  goal: 500 actions in under 10 s, exactly 1 request per action`,
      `  load average at start: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
      ...(await drain(server, { actions: 500, concurrency: DEFAULT_CONCURRENCY })),
      ...(await drain(server, { actions: 100, concurrency: 1 })),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await server.close();
  }
}

await main();
