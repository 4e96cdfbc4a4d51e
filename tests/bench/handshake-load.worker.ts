// The handshake load of secure-channel.bench.ts, in a child process so that the client's key
// work (the web app's WebCrypto client) shares neither the server's event loop nor its CPU
// account: the bench reports the server's CPU per handshake. `workers` loops handshake for
// `durationMs` after a warm-up; a failed handshake is counted, not retried.
// `client`: 'webcrypto' is the web app's own client; 'node' the same wire protocol on
// node:crypto (node-handshake-client.ts), cheap enough that the load it makes is the server's
// to carry, not the generator's.
import { establishSecureSession } from '#shared/secure-channel/index';
import { nodeHandshake } from './node-handshake-client.ts';

export interface HandshakeJob {
  baseUrl: string;
  clientId: string;
  clientAuthKey: string;
  workers: number;
  durationMs: number;
  client: 'webcrypto' | 'node';
  /** When to start measuring (epoch ms), so that several generator processes start together. */
  startAt?: number;
}

/** Handshakes each loop makes before the measured ones (JIT, sockets). */
const WARM_UP_PER_WORKER = 20;

export interface HandshakeLoadResult {
  /** All the handshakes the server answered, warm-up included (for its CPU per handshake). */
  total: number;
  done: number;
  failed: number;
  perSecond: number;
  /** The generator's own CPU time (ms), warm-up included: it shares the machine's cores. */
  cpuMs: number;
}

async function run(job: HandshakeJob): Promise<HandshakeLoadResult> {
  const options = {
    baseUrl: job.baseUrl,
    clientId: job.clientId,
    clientAuthKey: job.clientAuthKey,
  };
  const handshake =
    job.client === 'node'
      ? () => nodeHandshake(options)
      : () => establishSecureSession(async (url, init) => fetch(url, init), options);
  const warmUp = job.workers * WARM_UP_PER_WORKER;
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: job.workers }, async () => {
      for (let i = 0; i < WARM_UP_PER_WORKER; i++) await handshake();
    }),
  );
  const wait = (job.startAt ?? 0) - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const started = performance.now();
  const deadline = started + job.durationMs;
  let done = 0;
  let failed = 0;
  async function loop(): Promise<void> {
    while (performance.now() < deadline) {
      await handshake().then(
        () => (done += 1),
        () => (failed += 1),
      );
    }
  }
  await Promise.all(Array.from({ length: job.workers }, loop));
  const cpu = process.cpuUsage(cpuBefore);
  return {
    total: warmUp + done + failed,
    done,
    failed,
    perSecond: done / ((performance.now() - started) / 1000),
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

// Forked by secure-channel.bench.ts: one job in, one result (or error) out, then exit.
const send = process.send?.bind(process);
if (send !== undefined) {
  process.once('message', (job: HandshakeJob) => {
    run(job).then(
      (result) => send({ result }, () => process.exit(0)),
      (err: unknown) => send({ error: String(err) }, () => process.exit(1)),
    );
  });
}
