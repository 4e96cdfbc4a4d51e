// Secure-channel throughput: handshakes per second through real HTTP (a server listening on
// 127.0.0.1, SQLite), sequential and concurrent, against the raw key work of one handshake side
// (fresh P-256 pair + ECDH + SHA-256 + AES key import) and both handshake steps in process, in
// the same run. Prints figures only.
// To add a figure (e.g. encrypted logins/s), write an async function taking the BenchServer and
// returning a Figure, and append it to EXTRA_BENCHES below.
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '#server/config';
import { completeHandshake, initiateHandshake } from '#server/security/handshake.service';
import {
  deriveAesKey,
  exportPublicKeySpki,
  establishSecureSession,
  generateEcdhKeyPair,
  type SecureSession,
} from '#shared/secure-channel/index';
import { listenLocally, startBenchApp } from './api-bench-support.ts';

export interface BenchServer {
  app: FastifyInstance;
  config: ServerConfig;
  baseUrl: string;
  handshake: () => Promise<SecureSession>;
}
export interface Figure {
  label: string;
  perSecond: number;
}
export type ExtraBench = (server: BenchServer) => Promise<Figure>;

/** Each measurement runs this long; the whole file stays within a few seconds. */
const MEASURE_MS = 2000;
const CONCURRENCY = 8;
const EXTRA_BENCHES: ExtraBench[] = [];

async function startBenchServer(): Promise<BenchServer & { close(): Promise<void> }> {
  const bench = await startBenchApp();
  const baseUrl = await listenLocally(bench.app);
  const { config } = bench;
  const options = { baseUrl, clientId: config.clientId, clientAuthKey: config.clientAuthKey };
  return {
    ...bench,
    baseUrl,
    handshake: () => establishSecureSession(async (url, init) => fetch(url, init), options),
  };
}

/** Runs `op` on `workers` loops until MEASURE_MS passes; returns completed ops per second. */
async function rate(op: () => Promise<unknown>, workers: number): Promise<number> {
  const deadline = performance.now() + MEASURE_MS;
  const started = performance.now();
  let done = 0;
  async function loop(): Promise<void> {
    while (performance.now() < deadline) {
      await op();
      done += 1;
    }
  }
  await Promise.all(Array.from({ length: workers }, loop));
  return done / ((performance.now() - started) / 1000);
}

async function rawKeyWork(): Promise<Figure> {
  const peer = (await generateEcdhKeyPair()).publicKey;
  const perSecond = await rate(async () => {
    const pair = await generateEcdhKeyPair();
    await deriveAesKey(pair.privateKey, peer);
  }, 1);
  return { label: 'raw ECDH key pair + derive (one side), ops/s', perSecond };
}

/** Both handshake steps in process (keys + database, no HTTP): what HTTP adds shows by contrast. */
async function inProcessHandshakes(server: BenchServer): Promise<Figure> {
  const db = server.app.ctx.opened.db;
  const perSecond = await rate(async () => {
    const started = await initiateHandshake(db, new Date());
    const clientPublicKey = await exportPublicKeySpki((await generateEcdhKeyPair()).publicKey);
    const input = { sessionId: started.sessionId, clientPublicKey };
    await completeHandshake(db, input, new Date(), server.config.secureSessionMaxMs);
  }, 1);
  return { label: 'in-process handshakes/s (keys + SQLite, no HTTP)', perSecond };
}

function print(figure: Figure): void {
  console.log(`${figure.label.padEnd(52)} ${figure.perSecond.toFixed(1).padStart(10)}`);
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    await server.handshake(); // warm-up: JIT, first SQLite pages, keep-alive socket
    const raw = await rawKeyWork();
    const inProcess = await inProcessHandshakes(server);
    const sequential = {
      label: 'HTTP handshakes/s, sequential',
      perSecond: await rate(server.handshake, 1),
    };
    const concurrent = {
      label: `HTTP handshakes/s, ${CONCURRENCY} concurrent`,
      perSecond: await rate(server.handshake, CONCURRENCY),
    };
    for (const figure of [raw, inProcess, sequential, concurrent]) print(figure);
    console.log(
      `ratio sequential handshakes / raw key work: ${(sequential.perSecond / raw.perSecond).toFixed(3)}`,
    );
    console.log(
      `ratio concurrent handshakes / raw key work: ${(concurrent.perSecond / raw.perSecond).toFixed(3)}`,
    );
    for (const bench of EXTRA_BENCHES) print(await bench(server));
  } finally {
    await server.close();
  }
}

await main();
