// `npm run backup` (issue 7 item 4): taken from the real server process while sealed, keyed
// writes are in flight, restored the way README.md says (the file copied into a fresh
// DATA_DIR as its database), and read back through the API of a server started on it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '#server/db/kysely';
import { recs, rec, type Rec, type WireClient } from '../../independent-client/wire-client.ts';
import {
  REPO_ROOT,
  startServerProcess,
  type ServerProcess,
} from '../../../scripts/lib/server-process.ts';
import { seedCrashWorld, signIn, tempDataDir, type CrashWorld } from '../crash/crash-world.ts';
import { openReadOnly, orders, sqliteChecks, stockMismatches } from '../crash/db-checks.ts';
import { isSuccess, startWorkload, type LoggedWrite } from '../crash/workload.ts';

/** Runs the backup script as `npm run backup` does, without blocking this event loop. */
function runBackup(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, output })));
}

const sortedIds = (ids: number[]) => [...ids].sort((a, b) => a - b);

const placedOrderIds = (writes: LoggedWrite[]) =>
  writes
    .filter((w) => w.kind === 'order' && isSuccess(w.reply?.status ?? 0))
    .map((w) => Number((w.reply?.json as Rec).orderId));

describe('npm run backup: a consistent copy of the running SQLite database', () => {
  let world: CrashWorld;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let backupFile = '';
  let restoredDir = '';
  /** Orders whose success reply had arrived before the backup started. */
  let placedBefore: number[] = [];

  beforeAll(async () => {
    const dataDir = tempDataDir('backup');
    const spare = tempDataDir('backup-file');
    restoredDir = tempDataDir('restored');
    dirs.push(dataDir, spare, restoredDir);
    backupFile = path.join(spare, 'copy.db');
    world = await seedCrashWorld(dataDir);
  });
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'copies the database while writes are in flight and checks the copy',
    { timeout: 120_000 },
    async () => {
      const server = await startServerProcess({ dataDir: world.dataDir });
      servers.push(server);
      const clients = new Map<number, WireClient>();
      for (const user of [...world.clients, ...world.volunteers]) {
        clients.set(user.id, await signIn(server.baseUrl, user));
      }
      let backupTaken: ReturnType<typeof runBackup> | undefined;
      const load = startWorkload(
        world,
        (user) => clients.get(user.id)!,
        (answered) => {
          if (answered < 40 || backupTaken !== undefined) return;
          placedBefore = placedOrderIds(load.writes);
          // The workload keeps writing while the script copies.
          backupTaken = runBackup([backupFile], { DATA_DIR: world.dataDir });
        },
      );
      while (backupTaken === undefined) await new Promise((r) => setTimeout(r, 50));
      const backup = await backupTaken;
      const answeredDuringBackup = load.writes.filter((w) => w.reply !== undefined).length;
      load.stop();
      await load.finished;
      expect(backup.status, backup.output).toBe(0);
      expect(backup.output).toContain('integrity_check ok');
      expect(answeredDuringBackup).toBeGreaterThan(40);
      expect(load.writes.filter((w) => w.reply === undefined)).toEqual([]);
      expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    },
  );

  it('refuses to overwrite the file without --force, and refuses PostgreSQL', async () => {
    const again = await runBackup([backupFile], { DATA_DIR: world.dataDir });
    expect(again.status).toBe(2);
    expect(again.output).toContain('--force');
    const pg = await runBackup([`${backupFile}.pg`], {
      DATA_DIR: world.dataDir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(pg.status).toBe(2);
    expect(pg.output).toContain('pg_dump');
    expect(fs.existsSync(`${backupFile}.pg`)).toBe(false);
  });

  it(
    'restores into a fresh DATA_DIR: a server starts on it and serves the data',
    { timeout: 120_000 },
    async () => {
      fs.copyFileSync(backupFile, path.join(restoredDir, SQLITE_FILE_NAME));
      const server = await startServerProcess({ dataDir: restoredDir });
      servers.push(server);
      const catalogue = await fetch(`${server.baseUrl}/api/cargo/items`);
      const items = recs(rec(await catalogue.json()).items);
      expect(items.map((i) => i.name)).toEqual(
        expect.arrayContaining([world.gauze.name, world.socks.name]),
      );
      const listed = new Map<number, number[]>();
      for (const user of world.clients) {
        const client = await signIn(server.baseUrl, user);
        const reply = await client.get(`/api/orders/user/${user.id}`, {
          query: { authenticated: true, userRole: 'CLIENT', userId: user.id },
        });
        expect(reply.status, reply.text).toBe(200);
        listed.set(
          user.id,
          recs(rec(reply.json).orders).map((o) => Number(o.orderId)),
        );
      }
      expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      const db = openReadOnly(restoredDir);
      try {
        const rows = orders(db);
        // Every order confirmed before the copy began is in it.
        for (const id of placedBefore)
          expect(
            rows.some((r) => r.id === id),
            `order ${id}`,
          ).toBe(true);
        // Each client's history through the API is exactly their orders in the copy (a
        // client's history leaves out cancelled orders).
        for (const user of world.clients) {
          const own = rows.filter((r) => r.user_id === user.id && r.status !== 'CANCELLED');
          expect(sortedIds(listed.get(user.id) ?? [])).toEqual(sortedIds(own.map((r) => r.id)));
        }
        // A copy torn between two writes would show stock that disagrees with the order lines.
        expect(stockMismatches(db, world)).toEqual([]);
      } finally {
        db.close();
      }
      expect(sqliteChecks(restoredDir)).toEqual({ integrity: ['ok'], foreignKeys: [] });
    },
  );
});
