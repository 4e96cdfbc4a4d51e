// Two app processes on one PostgreSQL and one Redis behind Debian's nginx running
// deploy/nginx-cluster.conf (TLS, round-robin, retries on the next process), all on loopback:
// what DEPLOY.md "Several processes" describes, for tests/cluster/ and `npm run soak --
// cluster`. The processes run as `npm run serve` does, configured by environment only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderClusterSite, selfSignedCertificate } from './deploy-nginx.ts';
import { startNginxWith, type RunningNginx } from './nginx-process.ts';
import { freePort, startServerProcess, type ServerProcess } from './server-process.ts';

export const PROCESSES = 2;

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  /** REDIS_PREFIX: one per run, so runs sharing the machine's Redis never mix. */
  redisPrefix: string;
  /** More environment for both processes (LOG_LEVEL, SHUTDOWN_GRACE_MS, …). */
  env?: Record<string, string>;
  /** Where the processes' logs go (default: the cluster's temp folder). */
  logDir?: string;
}

export interface RunningCluster {
  servers: ServerProcess[];
  nginx: RunningNginx;
  /** nginx's TLS port (the file's 443) and plain port (its 80, a redirect). */
  httpsPort: number;
  httpPort: number;
  /** The self-signed certificate nginx serves (a client trusts this file only). */
  certFile: string;
  /** Starts process i again on its port (after it stopped or was killed). */
  restart(i: number): Promise<ServerProcess>;
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-cluster-'));
  const ports: number[] = [];
  for (let i = 0; i < PROCESSES; i++) ports.push(await freePort());
  const startOne = (i: number) =>
    startServerProcess({
      dataDir: path.join(dir, `process-${i + 1}`),
      databaseUrl: options.databaseUrl,
      port: ports[i],
      logFile: path.join(options.logDir ?? dir, `process-${i + 1}.log`),
      env: {
        REDIS_URL: options.redisUrl,
        REDIS_PREFIX: options.redisPrefix,
        // nginx reaches the processes from 127.0.0.1: its X-Forwarded-For is believed.
        TRUST_PROXY: '127.0.0.1',
        STATIC_DIR: path.join(dir, 'no-build'),
        ...options.env,
      },
    });
  for (let i = 0; i < PROCESSES; i++) fs.mkdirSync(path.join(dir, `process-${i + 1}`));
  const servers = await Promise.all(ports.map((_, i) => startOne(i)));
  const tls = selfSignedCertificate(dir);
  const httpsPort = await freePort();
  const httpPort = await freePort();
  const site = renderClusterSite(
    ports.map((port) => `127.0.0.1:${port}`),
    { http: httpPort, https: httpsPort },
    tls,
  );
  let nginx: RunningNginx;
  try {
    nginx = await startNginxWith(site, [httpPort, httpsPort]);
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    throw err;
  }
  return {
    servers,
    nginx,
    httpsPort,
    httpPort,
    certFile: tls.cert,
    async restart(i) {
      const server = await startOne(i);
      servers[i] = server;
      return server;
    },
    async stop() {
      await nginx.stop();
      await Promise.all(servers.map((s) => s.stop('SIGTERM')));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
