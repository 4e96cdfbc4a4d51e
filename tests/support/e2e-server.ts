// The REAL server for one e2e spec file: buildApp with the production web build made once
// per run (e2e-global-setup.ts), a fresh SQLite file and mail folder in a temp DATA_DIR, and
// listening on 127.0.0.1 port 0, so every spec file gets its own origin (and thus its own
// service worker and storage in the browser).
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '#server/config';
import type { Db } from '#server/db/kysely';
import { startTestServer } from './build-app.ts';

export interface E2eServer {
  app: FastifyInstance;
  config: ServerConfig;
  /** The server's own database handle: read or change rows mid-test. */
  db: Db;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Where the server writes mail as .eml files (SMTP_URL unset). */
  mailDir: string;
  close(): Promise<void>;
}

export async function startE2eServer(overrides: Partial<ServerConfig> = {}): Promise<E2eServer> {
  const staticDir = inject('e2eStaticDir');
  // Every spec logs in and registers from one IP far more often than a person would.
  const server = await startTestServer(
    'sqlite',
    { staticDir, rateLimitScale: 100, ...overrides },
    { listen: true },
  );
  return {
    app: server.app,
    config: server.config,
    db: server.app.ctx.opened.db,
    baseUrl: server.baseUrl,
    mailDir: path.join(server.config.dataDir, 'mail'),
    close: () => server.close(),
  };
}

// Users and other rows straight into the database: the shared factories (real argon2 hashes,
// so the real login accepts them).
export { createUser, uniqueUsername, type TestUser, type UserOverrides } from './factories.ts';

export { readMails, waitForMail, resetCodeIn, type Mail } from './e2e-mail.ts';
