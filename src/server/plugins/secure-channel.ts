// The secure channel on every /api request (wire-protocol.md "Secure session" item 4).
// State: per request only, in a WeakMap (the AES key never sits on the request object where a
// log serializer could reach it); sessions and seen IVs live in the database (see
// security/secure-sessions.repository.ts).
// - No X-Session-ID: nothing changes (plain JSON in, plain JSON out).
// - X-Session-ID: the session must be live (else a plain JSON 401 SESSION_EXPIRED); a
//   text/plain body is decrypted and JSON-parsed before validation, its IV recorded (a replay
//   or a body that does not decrypt is a plain JSON 400); the JSON reply, errors included, is
//   sent encrypted as text/plain with its HTTP status kept.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DecryptError, SESSION_ID_HEADER } from '#shared/secure-channel/index';
import type { Db } from '../db/kysely.ts';
import { badRequest } from '../errors.ts';
import { openText, sealText } from '../security/aes-gcm.ts';
import { openSecureSession } from '../security/secure-request.ts';
import { recordIv } from '../security/secure-sessions.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The secure session this request came through, or null for a plain request. */
    secureSessionId: string | null;
  }
}

interface ChannelState {
  key: Buffer;
  /** The channel itself refused the body: the reply must stay readable without the key. */
  refused: boolean;
}

const HANDSHAKE_PREFIX = '/api/security/';
const SESSION_HEADER = SESSION_ID_HEADER.toLowerCase();

function sessionIdOf(request: FastifyRequest): string | undefined {
  if (!request.url.startsWith('/api/') || request.url.startsWith(HANDSHAKE_PREFIX))
    return undefined;
  const value = request.headers[SESSION_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isJsonReply(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

export function registerSecureChannel(
  app: FastifyInstance,
  db: Db,
  options: { secureSessionIdleMs: number },
): void {
  const channels = new WeakMap<FastifyRequest, ChannelState>();
  app.decorateRequest('secureSessionId', null);

  // After the access plugin's onRequest, so request.loginSessionId is known for the binding.
  app.addHook('onRequest', async (request) => {
    const sessionId = sessionIdOf(request);
    if (sessionId === undefined) return;
    const now = new Date();
    const loginSessionId = request.loginSessionId;
    const key = await openSecureSession(
      db,
      sessionId,
      loginSessionId,
      now,
      options.secureSessionIdleMs,
    );
    request.secureSessionId = sessionId;
    channels.set(request, { key, refused: false });
  });

  async function openBody(request: FastifyRequest, body: string): Promise<unknown> {
    const channel = channels.get(request);
    if (channel === undefined || request.secureSessionId === null) {
      throw badRequest('A text/plain body must be encrypted and sent with X-Session-ID.');
    }
    try {
      const { plaintext, iv } = openText(channel.key, body);
      if (!(await recordIv(db, request.secureSessionId, iv, new Date()))) {
        throw badRequest('This encrypted message was already received (replayed IV).');
      }
      return JSON.parse(plaintext) as unknown;
    } catch (error) {
      channel.refused = true;
      if (error instanceof DecryptError || error instanceof SyntaxError) {
        throw badRequest('The encrypted body could not be decrypted.');
      }
      throw error;
    }
  }

  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string' },
    async (request: FastifyRequest, body: string | Buffer) =>
      openBody(request, typeof body === 'string' ? body : body.toString('utf8')),
  );

  app.addHook('onSend', async (request, reply, payload) => {
    const channel = channels.get(request);
    if (channel === undefined || channel.refused || !isJsonReply(reply)) return payload;
    const text =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : undefined;
    if (text === undefined) return payload;
    reply.header('content-type', 'text/plain; charset=utf-8');
    reply.header('cache-control', 'no-store');
    return sealText(channel.key, text);
  });
}
