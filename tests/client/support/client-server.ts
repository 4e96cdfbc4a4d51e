// A real server (SQLite, listening on an ephemeral port) for the client's jsdom tests, with
// the api client pointed at it. Node's fetch keeps no cookies, so these tests cover what a
// signed-out browser does (handshake, registration, failed and successful sign-in replies).
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { ServerConfig } from '#server/config';
import type { Db } from '#server/db/kysely';
import { setApiBaseUrl, startSecureSession } from '#client/api/api-client';
import { startOfflineEngine } from '#client/offline/engine';
import { startTestServer, type TestServer } from '../../support/build-app.ts';

export async function startClientServer(
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> {
  // Rate limits scaled up: several sign-ins from one address run in a few seconds here.
  const config = { rateLimitScale: 100, ...overrides };
  const server = await startTestServer('sqlite', config, { listen: true });
  // What the web build bakes in from the same environment (vite.config.ts `define`).
  vi.stubEnv('VITE_CLIENT_ID', server.config.clientId);
  vi.stubEnv('VITE_CLIENT_AUTH_KEY', server.config.clientAuthKey);
  vi.stubEnv('VITE_SITE_TITLE', server.config.siteTitle);
  setApiBaseUrl(server.baseUrl);
  return server;
}

export interface ClientServer {
  server: () => TestServer;
  /** The server's database, where tests make their rows and check the outcome. */
  db: () => Db;
}

interface ClientServerOptions {
  /** Runs the offline engine too, for screens that send through the outbox. */
  offlineEngine?: boolean;
  /** What the file resets after each test, once the page is unmounted. */
  afterEachTest?: () => void | Promise<void>;
}

/**
 * One server per test file with the secure session open; after each test the page is
 * unmounted and the api client pointed back at the server (a test may point it elsewhere).
 */
export function useClientServer(options: ClientServerOptions = {}): ClientServer {
  let server: TestServer | undefined;
  let stopEngine: (() => void) | undefined;

  beforeAll(async () => {
    server = await startClientServer();
    await startSecureSession();
    if (options.offlineEngine === true) stopEngine = startOfflineEngine();
  });

  afterAll(async () => {
    stopEngine?.();
    // The engine may still have a request in flight when the file ends; the device is gone,
    // so its connections are cut instead of waited for by the graceful close.
    server?.app.server.closeAllConnections();
    await server?.close();
  });

  afterEach(async () => {
    cleanup();
    if (server !== undefined) setApiBaseUrl(server.baseUrl);
    await options.afterEachTest?.();
  });

  const started = (): TestServer => {
    if (server === undefined) throw new Error('server not started');
    return server;
  };
  return { server: started, db: () => started().app.ctx.opened.db };
}
