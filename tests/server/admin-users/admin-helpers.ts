// Shared by the admin API tests: "is this login still alive" through GET /api/auth/me, and
// the message of a reply.
import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from '../../support/build-app.ts';
import { call } from '../../support/inject.ts';

/** The status GET /api/auth/me answers for a cookie: 200 alive, 401 ended. */
export async function meStatus(server: TestServer, cookie: string): Promise<number> {
  return (await call(server.app, 'GET', '/api/auth/me', { headers: { cookie } })).statusCode;
}

export function messageOf(res: LightMyRequestResponse): string {
  return res.json<{ message: string }>().message;
}
