// Encrypted logins per second through real HTTP (a server listening on 127.0.0.1, SQLite):
// each login is POST /api/auth/login sealed for the caller's secure session with a fresh IV,
// sequential and with CONCURRENCY clients (each its own secure session and account). Beside
// it, in the same run, the argon2id verify of the same kind of hash (the server's own
// parameters), sequential and CONCURRENCY in flight, so the ratio shows what the server adds
// around the password check. Prints figures only; it never asserts times.
// The client side is the independent client (node:crypto + fetch), not the web client's code.
import os from 'node:os';
import argon2 from 'argon2';
import { hashPassword } from '#server/auth/passwords';
import { WireClient } from '../independent-client/wire-client.ts';
import { listenLocally, startBenchApp } from './api-bench-support.ts';

/** Each case runs this long (MEASURE_S overrides). */
const MEASURE_MS = Number(process.env.MEASURE_S ?? 5) * 1000;
const CONCURRENCY = 8;

interface Figure {
  label: string;
  perSecond: number;
  /** Milliseconds per operation, p50 / p99 of the individual calls. */
  p50: number;
  p99: number;
  count: number;
}

/** Runs `op` on `workers` loops until MEASURE_MS passes. */
async function measure(
  label: string,
  workers: number,
  op: (worker: number) => Promise<void>,
): Promise<Figure> {
  const started = performance.now();
  const deadline = started + MEASURE_MS;
  const times: number[] = [];
  async function loop(worker: number): Promise<void> {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      await op(worker);
      times.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: workers }, (_, i) => loop(i)));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    label,
    perSecond: times.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    count: times.length,
  };
}

function print(f: Figure): void {
  console.log(
    `${f.label.padEnd(44)} ${f.perSecond.toFixed(1).padStart(8)} /s   p50 ${f.p50.toFixed(1).padStart(7)} ms   p99 ${f.p99.toFixed(1).padStart(7)} ms   n=${f.count}`,
  );
}

async function main(): Promise<void> {
  const { app, config, close } = await startBenchApp();
  try {
    const baseUrl = await listenLocally(app);

    // One account and one secure session per client, made through the API itself.
    const password = 'Bench12345';
    const clients: { client: WireClient; username: string }[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const client = new WireClient(baseUrl, config.clientId, config.clientAuthKey);
      await client.handshake();
      const username = `bench${String.fromCharCode(97 + i)}user`;
      const reply = await client.post('/api/auth/register', { username, password, role: 'CLIENT' });
      if (reply.status >= 300) throw new Error(`register failed: ${reply.status} ${reply.text}`);
      clients.push({ client, username });
    }
    let failures = 0;
    const loginOnce = async (worker: number): Promise<void> => {
      const { client, username } = clients[worker]!;
      // client.post seals the body with a fresh random IV on every call.
      const reply = await client.post('/api/auth/login', { username, password }, { encrypt: true });
      if (reply.status !== 200 || !reply.encrypted) failures += 1;
    };
    for (let i = 0; i < 3; i++) await loginOnce(0); // warm-up: JIT, SQLite pages, keep-alive

    const hash = await hashPassword(password);
    const verifyOnce = async (): Promise<void> => {
      if (!(await argon2.verify(hash, password))) throw new Error('verify failed');
    };
    await verifyOnce();

    console.log(
      `SQLite, ${MEASURE_MS / 1000} s per case, ${os.cpus().length} CPUs, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`,
    );
    const verifySeq = await measure('argon2id verify, sequential', 1, verifyOnce);
    print(verifySeq);
    const loginSeq = await measure('HTTP encrypted logins, sequential', 1, loginOnce);
    print(loginSeq);
    const verifyConc = await measure(
      `argon2id verify, ${CONCURRENCY} in flight`,
      CONCURRENCY,
      verifyOnce,
    );
    print(verifyConc);
    const loginConc = await measure(
      `HTTP encrypted logins, ${CONCURRENCY} concurrent`,
      CONCURRENCY,
      loginOnce,
    );
    print(loginConc);

    const addedMs = (login: Figure, verify: Figure) =>
      1000 / login.perSecond - 1000 / verify.perSecond;
    console.log(
      `sequential: logins/s ÷ verifies/s = ${(loginSeq.perSecond / verifySeq.perSecond).toFixed(3)}; ` +
        `server adds ${addedMs(loginSeq, verifySeq).toFixed(2)} ms per login beyond the verify`,
    );
    console.log(
      `${CONCURRENCY} concurrent: logins/s ÷ verifies/s = ${(loginConc.perSecond / verifyConc.perSecond).toFixed(3)}; ` +
        `server adds ${addedMs(loginConc, verifyConc).toFixed(2)} ms of throughput time per login`,
    );
    if (failures > 0) console.log(`  ! ${failures} logins did not answer 200 sealed`);
  } finally {
    await close();
  }
}

await main();
