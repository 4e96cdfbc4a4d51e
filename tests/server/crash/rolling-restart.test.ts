// Issue 18: a process told SIGTERM leaves the balancer without failing a request. The real
// server process (SHUTDOWN_GRACE_MS=1500) under a steady stream of requests gets SIGTERM:
// /api/ready says 503 at once while every other request sent during the grace period is
// answered 200; a request in flight when the grace ends (its body still arriving) gets its
// real reply, with Connection: close; the process exits 0 within grace + a few seconds.
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../scripts/lib/server-process.ts';
import { tempDataDir } from './crash-world.ts';

const GRACE_MS = 1500;
/** Requests sent this close to the grace's end may reach the drain: the balancer's retry. */
const EDGE_MS = 250;
const STREAMS = 4;

interface Sent {
  at: number;
  path: string;
  status: number | 'error';
}

/** A POST whose body arrives in two parts: the second when `finish` is called. */
function slowLogout(port: number) {
  let answer: (value: { status: number; connection: string | undefined }) => void = () => {};
  const answered = new Promise<{ status: number; connection: string | undefined }>((resolve) => {
    answer = resolve;
  });
  const request = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/logout',
      headers: { 'content-type': 'application/json', 'content-length': '2' },
    },
    (res) => {
      res.resume();
      res.on('end', () =>
        answer({ status: res.statusCode ?? 0, connection: res.headers.connection }),
      );
    },
  );
  request.on('error', () => answer({ status: 0, connection: undefined }));
  request.write('{');
  return {
    answered,
    finish: () => request.end('}'),
  };
}

describe('rolling restart: SIGTERM under a steady stream of requests', () => {
  let dataDir = '';
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = tempDataDir('rolling');
    server = await startServerProcess({
      dataDir,
      env: { SHUTDOWN_GRACE_MS: String(GRACE_MS), RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn' },
    });
  });
  afterAll(async () => {
    await server.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports not-ready at once, answers every request of the grace period, exits 0', async () => {
    const sent: Sent[] = [];
    let running = true;
    const stream = async (path: string) => {
      while (running) {
        const at = performance.now();
        try {
          const res = await fetch(`${server.baseUrl}${path}`, {
            signal: AbortSignal.timeout(5000),
          });
          await res.arrayBuffer();
          sent.push({ at, path, status: res.status });
        } catch {
          sent.push({ at, path, status: 'error' });
        }
      }
    };
    const streams = [
      ...Array.from({ length: STREAMS }, () => stream('/api/health')),
      stream('/api/ready'),
    ];
    await new Promise((resolve) => setTimeout(resolve, 300));

    const slow = slowLogout(server.port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const signalAt = performance.now();
    server.child.kill('SIGTERM');
    // Finish the slow request's body only after the grace: it was in flight at its end.
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 300));
    slow.finish();
    const slowReply = await slow.answered;
    const exit = await server.exited;
    const exitedAfter = performance.now() - signalAt;
    running = false;
    await Promise.all(streams);

    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitedAfter).toBeLessThan(GRACE_MS + 5000);
    expect(slowReply).toEqual({ status: 200, connection: 'close' });

    const before = sent.filter((s) => s.at < signalAt);
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before.map((s) => s.status))).toEqual(new Set([200]));
    // /api/ready: 503 from the signal on (allowing for the signal's delivery).
    const readyAfter = sent.filter((s) => s.path === '/api/ready' && s.at > signalAt + 100);
    expect(readyAfter.length).toBeGreaterThan(0);
    const readyInGrace = readyAfter.filter((s) => s.at < signalAt + GRACE_MS - EDGE_MS);
    expect(readyInGrace.length).toBeGreaterThan(0);
    expect(new Set(readyInGrace.map((s) => s.status))).toEqual(new Set([503]));
    // Everything else sent during the grace: served as usual.
    const inGrace = sent.filter(
      (s) => s.path === '/api/health' && s.at >= signalAt && s.at < signalAt + GRACE_MS - EDGE_MS,
    );
    expect(inGrace.length).toBeGreaterThan(20);
    expect(new Set(inGrace.map((s) => s.status))).toEqual(new Set([200]));
  });
});
