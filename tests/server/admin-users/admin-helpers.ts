// Shared by the admin API tests: JSON calls through app.inject with a cookie and extra
// headers, and "is this login still alive" through GET /api/auth/me.
import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from '../../support/build-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Send {
  body?: object;
  cookie?: string;
  headers?: Record<string, string>;
}

export function send(
  server: TestServer,
  method: Method,
  url: string,
  options: Send = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  return server.app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body }),
  });
}

/** The status GET /api/auth/me answers for a cookie: 200 alive, 401 ended. */
export async function meStatus(server: TestServer, cookie: string): Promise<number> {
  return (await send(server, 'GET', '/api/auth/me', { cookie })).statusCode;
}

export function messageOf(res: LightMyRequestResponse): string {
  return res.json<{ message: string }>().message;
}
