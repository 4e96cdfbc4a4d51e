// One way for the API tests to call the app in process: app.inject with a JSON body, the login
// cookie of a signed-in test user, and any extra headers (Origin, Idempotency-Key, a raw
// Cookie). Requests that need another body (multipart, raw text) use app.inject directly.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SignedInUser } from './factories.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  /** The signed-in user whose login cookie the request carries (none: signed out). */
  as?: Pick<SignedInUser, 'cookie'> | undefined;
  /** Serialized as JSON and labelled application/json (unless `headers` says otherwise). */
  body?: unknown;
  headers?: Record<string, string>;
}

export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
    ...(options.as === undefined ? {} : { cookie: options.as.cookie }),
  };
  return app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
}
