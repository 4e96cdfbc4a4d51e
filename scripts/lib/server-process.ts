// The production server as a child process, started exactly as `npm run serve` starts it
// (`node --import tsx src/server/main.ts`, configured by environment only), for the crash
// test, the backup test and the soak. Its output goes to a log file (no pipe to fill up),
// whose tail is shown when it fails to start.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
const START_TIMEOUT_MS = 90_000;

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  logFile: string;
  /** Settles when the process has exited. */
  exited: Promise<ServerExit>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<ServerExit>;
}

export interface ServerProcessOptions {
  dataDir: string;
  /** undefined: SQLite in dataDir. */
  databaseUrl?: string;
  /** Extra environment (ADMIN_USERNAME, LOG_LEVEL, STATIC_DIR…). */
  env?: Record<string, string>;
  logFile?: string;
  /** A restart passes the port of the run before, so clients keep their base URL. */
  port?: number;
}

/** A port nobody listens on right now (the kernel's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function serverEnv(options: ServerProcessOptions, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'info',
    // No balancer watches /api/ready here: a SIGTERM drains at once unless a caller (the
    // rolling-restart and cluster tests) asks for the grace it tests.
    SHUTDOWN_GRACE_MS: '0',
    ...options.env,
  };
  // An inherited DATABASE_URL must not turn an SQLite run into a PostgreSQL one.
  delete env.DATABASE_URL;
  if (options.databaseUrl !== undefined) env.DATABASE_URL = options.databaseUrl;
  return env;
}

export function logTail(logFile: string, lines = 30): string {
  if (!fs.existsSync(logFile)) return '(no log)';
  return fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

async function answersHealth(baseUrl: string): Promise<boolean> {
  try {
    const reply = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    await reply.arrayBuffer();
    return reply.status === 200;
  } catch {
    return false;
  }
}

async function waitUntilHealthy(server: ServerProcess, early: { exit?: ServerExit }) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (early.exit !== undefined) {
      throw new Error(
        `server exited during start (${JSON.stringify(early.exit)}):\n${logTail(server.logFile)}`,
      );
    }
    if (await answersHealth(server.baseUrl)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server did not answer /api/health in time:\n${logTail(server.logFile)}`);
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const logFile = options.logFile ?? path.join(options.dataDir, 'server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: serverEnv(options, port),
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const early: { exit?: ServerExit } = {};
  const exited = new Promise<ServerExit>((resolve) => {
    child.once('exit', (code, signal) => {
      early.exit = { code, signal };
      resolve(early.exit);
    });
  });
  const server: ServerProcess = {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    logFile,
    exited,
    stop(signal = 'SIGTERM') {
      if (early.exit === undefined) child.kill(signal);
      return exited;
    },
  };
  await waitUntilHealthy(server, early);
  return server;
}

/** Kills the child when this process ends, however it ends (the soak's self-stopping rule). */
export function killOnExit(server: ServerProcess): void {
  const kill = () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
  };
  process.once('exit', kill);
}

/** Whether something accepts TCP connections at host:port (within 1.5 s). */
export function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
