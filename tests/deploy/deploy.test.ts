// DEPLOY.md, exercised: every file it shows (deploy/) and every command it gives runs here or
// in tests/cluster/ (which runs deploy/nginx-cluster.conf and the rolling restart).
// - deploy/streetmed.service passes `systemd-analyze verify` (paths made local), and a broken
//   copy does not, so the check can fail;
// - deploy/nginx-one-machine.conf in front of the real server: https answers, http redirects;
// - the SQLite backup and restore drill: `npm run backup -- FILE` while the server runs,
//   FILE copied into a fresh DATA_DIR, the server started on it holds the data;
// - the PostgreSQL drill: `pg_dump --format=custom` and `pg_restore --no-owner` into a fresh
//   database that a server then starts on.
// Skipped per part when its tool is missing (nginx, systemd-analyze, pg_dump, PostgreSQL),
// unless CI=true.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase } from '../support/build-app.ts';
import { requestFrom } from '../server/proxy/nginx.ts';
import { renderOneMachineSite, selfSignedCertificate } from '../../scripts/lib/deploy-nginx.ts';
import { NGINX, startNginxWith } from '../../scripts/lib/nginx-process.ts';
import { freePort, REPO_ROOT, startServerProcess } from '../../scripts/lib/server-process.ts';
import { TlsClient } from '../../scripts/lib/tls-client.ts';

const inCi = process.env.CI === 'true';
const has = (file: string) => fs.existsSync(file) || inCi;
const UNIT = path.join(REPO_ROOT, 'deploy/streetmed.service');
/** No balancer to leave: stop without the not-ready grace period. */
const QUIET = { LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: '0' };
const ADMIN = { ADMIN_USERNAME: 'deployowner', ADMIN_PASSWORD: 'Deploy-pass-2026' };

const dirs: string[] = [];
function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `streetmed-deploy-${label}-`));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The unit with its machine paths pointed at this checkout and a temp folder. */
function localUnit(dir: string, edit: (text: string) => string = (t) => t): string {
  fs.writeFileSync(path.join(dir, 'env'), 'PORT=8080\n');
  const text = fs
    .readFileSync(UNIT, 'utf8')
    .replace('/opt/streetmed', REPO_ROOT)
    .replace('/etc/streetmed.env', path.join(dir, 'env'))
    .replace('/var/lib/streetmed', dir);
  const file = path.join(dir, 'streetmed.service');
  fs.writeFileSync(file, edit(text));
  return file;
}

function verify(file: string) {
  return spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
}

describe.skipIf(!has('/usr/bin/systemd-analyze'))('deploy/streetmed.service', () => {
  it('passes systemd-analyze verify; a broken ExecStart does not', () => {
    const good = verify(localUnit(tempDir('unit')));
    expect(good.status, good.stderr).toBe(0);
    const broken = verify(
      localUnit(tempDir('unit-broken'), (t) => t.replace('/usr/bin/node', '/nonexistent/node')),
    );
    expect(broken.status).not.toBe(0);
  });
});

function appEnv(dataDir: string): Record<string, string> {
  return { ...ADMIN, ...QUIET, STATIC_DIR: path.join(dataDir, 'no-build') };
}

async function adminSignsIn(baseUrl: string): Promise<number> {
  const reply = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  await reply.arrayBuffer();
  return reply.status;
}

describe.skipIf(!has(NGINX))('deploy/nginx-one-machine.conf', () => {
  it('serves the app over TLS and sends plain http to https', { timeout: 120_000 }, async () => {
    const dataDir = tempDir('one');
    const app = await startServerProcess({
      dataDir,
      env: { ...appEnv(dataDir), TRUST_PROXY: '127.0.0.1' },
    });
    const ports = { http: await freePort(), https: await freePort() };
    const tls = selfSignedCertificate(dataDir);
    const nginx = await startNginxWith(renderOneMachineSite(`127.0.0.1:${app.port}`, ports, tls), [
      ports.http,
      ports.https,
    ]);
    const client = new TlsClient(ports.https, tls.cert);
    try {
      const health = await client.request({ method: 'GET', path: '/api/health' });
      expect(health.status).toBe(200);
      const redirect = await requestFrom('127.0.0.2', ports.http, 'GET', '/api/health');
      expect(redirect.status).toBe(301);
    } finally {
      client.close();
      await nginx.stop();
      await app.stop('SIGTERM');
    }
  });
});

describe('SQLite: backup while running, restore drill', () => {
  it(
    'a backup copied into a fresh DATA_DIR starts with the data',
    { timeout: 120_000 },
    async () => {
      const live = tempDir('live');
      const app = await startServerProcess({ dataDir: live, env: appEnv(live) });
      const file = path.join(tempDir('backups'), 'streetmed-backup.db');
      try {
        // DEPLOY.md: DATA_DIR=/var/lib/streetmed npm run backup -- FILE
        execFileSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', file], {
          cwd: REPO_ROOT,
          env: { ...process.env, DATA_DIR: live, DATABASE_URL: '' },
          stdio: 'pipe',
        });
      } finally {
        await app.stop('SIGTERM');
      }
      // DEPLOY.md restore: the file becomes DATA_DIR/streetmed.db, no -wal/-shm beside it.
      const restored = tempDir('restored');
      fs.copyFileSync(file, path.join(restored, 'streetmed.db'));
      // No ADMIN_* this time: the admin must come from the restored file, not be made afresh.
      const again = await startServerProcess({
        dataDir: restored,
        env: { ...QUIET, STATIC_DIR: path.join(restored, 'no-build') },
      });
      try {
        expect(await adminSignsIn(again.baseUrl)).toBe(200);
      } finally {
        await again.stop('SIGTERM');
      }
    },
  );
});

const pgRuns = (inject('postgresUrl') !== '' && fs.existsSync('/usr/bin/pg_dump')) || inCi;

describe.skipIf(!pgRuns)('PostgreSQL: pg_dump and pg_restore drill', () => {
  it(
    'a dump restored into a fresh database starts with the data',
    { timeout: 120_000 },
    async () => {
      const source = await createPostgresDatabase('streetmed_dump');
      const target = await createPostgresDatabase('streetmed_restore');
      try {
        const live = tempDir('pg-live');
        const app = await startServerProcess({
          dataDir: live,
          databaseUrl: source.url,
          env: appEnv(live),
        });
        const dump = path.join(tempDir('pg-backups'), 'streetmed.dump');
        try {
          // DEPLOY.md: pg_dump --format=custom --file=FILE "$DATABASE_URL" (while it runs)
          execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, source.url]);
        } finally {
          await app.stop('SIGTERM');
        }
        // DEPLOY.md: pg_restore --no-owner --dbname="$NEW_DATABASE_URL" FILE
        execFileSync('pg_restore', ['--no-owner', `--dbname=${target.url}`, dump]);
        const restored = tempDir('pg-restored');
        const again = await startServerProcess({
          dataDir: restored,
          databaseUrl: target.url,
          env: { ...QUIET, STATIC_DIR: path.join(restored, 'no-build') },
        });
        try {
          expect(await adminSignsIn(again.baseUrl)).toBe(200);
        } finally {
          await again.stop('SIGTERM');
        }
      } finally {
        await source.drop();
        await target.drop();
      }
    },
  );
});
