// A fresh server for each test file, on each dialect: an SQLite file in a temp folder, and a
// new PostgreSQL database (when the machine runs PostgreSQL; see global-setup.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig, type ServerConfig } from '#server/config';
import type { DialectName } from '#server/db/kysely';
import { createSignedInUser, type SignedInUser, type UserOverrides } from './factories.ts';

export function testDialects(): DialectName[] {
  return inject('postgresUrl') === '' ? ['sqlite'] : ['sqlite', 'postgres'];
}

export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  dialect: DialectName;
  /** Base URL once listening (started with listen: true). */
  baseUrl: string;
  close(): Promise<void>;
}

/** A new, empty PostgreSQL database named `<prefix>_<random>`, and how to drop it. */
export async function createPostgresDatabase(
  prefix = 'streetmed_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Drops a running app's PostgreSQL database under it, its connections ended (force): what a
 * lost database looks like to the app, for the readiness tests.
 */
export async function dropDatabaseUnderApp(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}

export async function startTestServer(
  dialect: DialectName,
  overrides: Partial<ServerConfig> = {},
  options: { listen?: boolean } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-test-'));
  const pgDb = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const config: ServerConfig = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      STATIC_DIR: path.join(dataDir, 'no-build'),
    }),
    databaseUrl: pgDb?.url,
    ...overrides,
  };
  const app = await buildApp(config);
  let baseUrl = '';
  if (options.listen === true) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  }
  return {
    app,
    config,
    dialect,
    baseUrl,
    async close() {
      await app.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh server for the enclosing describe block: started in beforeAll, closed in afterAll.
 * The object returned is filled in when the server has started, so tests read it as usual.
 */
export function useTestServer(
  dialect: DialectName,
  overrides: Partial<ServerConfig> = {},
  options: { listen?: boolean } = {},
): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(dialect, overrides, options));
  });
  afterAll(async () => {
    // Absent when the start failed: that failure is the one to report.
    await (server as Partial<TestServer>).close?.();
  });
  return server;
}

/** A user with a login cookie, made in beforeAll (after the server's own beforeAll). */
export function useSignedInUser(server: TestServer, overrides: UserOverrides = {}): SignedInUser {
  const user = {} as SignedInUser;
  beforeAll(async () => {
    Object.assign(user, await createSignedInUser(server.app.ctx.opened.db, overrides));
  });
  return user;
}
