// A real server (SQLite, listening on an ephemeral port) for the client's jsdom tests, with
// the api client pointed at it. Node's fetch keeps no cookies, so these tests cover what a
// signed-out browser does (handshake, registration, failed and successful sign-in replies).
import { vi } from 'vitest';
import type { ServerConfig } from '#server/config';
import { setApiBaseUrl } from '#client/api/api-client';
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
