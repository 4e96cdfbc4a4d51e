// A Node client of the secure channel built from the shared module the web client uses: the
// handshake runs through app.inject (or real HTTP), and encrypted calls are sealed and opened
// with the session's key.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  decryptJson,
  encryptJson,
  establishSecureSession,
  type FetchLike,
  type SecureSession,
} from '#shared/secure-channel/index';
import type { TestServer } from '../../support/build-app.ts';

export function injectFetch(app: FastifyInstance): FetchLike {
  return async (url, init) => {
    const res = await app.inject({
      method: init.method,
      url,
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return { ok: res.statusCode < 300, status: res.statusCode, json: async () => res.json() };
  };
}

export async function handshake(server: TestServer): Promise<SecureSession> {
  return establishSecureSession(injectFetch(server.app), {
    baseUrl: '',
    clientId: server.config.clientId,
    clientAuthKey: server.config.clientAuthKey,
  });
}

export interface EncryptedCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Sealed with the session key unless `raw` gives the exact body text. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

export async function sendEncrypted(
  server: TestServer,
  session: SecureSession,
  call: EncryptedCall,
): Promise<LightMyRequestResponse> {
  const payload =
    call.raw ?? (call.body === undefined ? undefined : await encryptJson(session.key, call.body));
  return server.app.inject({
    method: call.method,
    url: call.url,
    headers: {
      'x-session-id': session.sessionId,
      ...(payload === undefined ? {} : { 'content-type': 'text/plain;charset=UTF-8' }),
      ...call.headers,
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The decrypted JSON of an encrypted reply; fails when the reply is not text/plain. */
export async function openReply(
  session: SecureSession,
  res: LightMyRequestResponse,
): Promise<unknown> {
  if (!String(res.headers['content-type']).startsWith('text/plain')) {
    throw new Error(
      `expected an encrypted reply, got ${String(res.headers['content-type'])}: ${res.body}`,
    );
  }
  return decryptJson(session.key, res.body);
}

/** How many IVs the server keeps for the session (one a message it accepted and opened). */
export async function ivRows(server: TestServer, session: SecureSession): Promise<number> {
  const rows = await server.app.ctx.opened.db
    .selectFrom('secure_session_ivs')
    .select('iv')
    .where('session_id', '=', session.sessionId)
    .execute();
  return rows.length;
}

/** A public write the channel tests seal (rate limited per address: each file has its own app). */
export const FEEDBACK = '/api/feedback/submit';
export const feedback = { name: 'Sam', phoneNumber: '5550001111', content: 'Thanks for the socks' };

/** A refusal the channel itself made: plain JSON, not sealed. */
export function expectPlainError(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.json()).toMatchObject({ status: 'error', error: code });
}
