// The secure channel on every /api request (wire-protocol.md "Secure session" item 4).
// State: per request only, in a WeakMap (the AES key never sits on the request object where a
// log serializer could reach it); sessions and seen IVs live in the database (see
// security/secure-sessions.repository.ts).
// - No X-Session-ID: nothing changes (plain JSON in, plain JSON out).
// - X-Session-ID: the session must be live (else a plain JSON 401 SESSION_EXPIRED); a
//   text/plain body is decrypted and JSON-parsed before validation, its IV recorded (a replay
//   or a body that does not decrypt is a plain JSON 400); the JSON reply, errors included, is
//   sent encrypted as text/plain with its HTTP status kept.
// - Cheap refusals (beyond-spec.md section 1): a request its caller may not make (the route's
//   access, or no such route) is refused here, in onRequest, before its body is read, so a
//   flood of them decrypts nothing and stores nothing. A decrypted body nested too deep is a
//   400 before JSON.parse (security/json-depth.ts). A session takes at most
//   SECURE_SESSION_MAX_MESSAGES bodies; past that it is SESSION_EXPIRED and the client
//   re-handshakes (wire-protocol.md item 5), the one reply every client already follows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DecryptError, SESSION_ID_HEADER } from '#shared/secure-channel/index';
import type { Db } from '../db/kysely.ts';
import { badRequest } from '../errors.ts';
import { openText, sealText } from '../security/aes-gcm.ts';
import { jsonTooDeep, tooDeep } from '../security/json-depth.ts';
import { openSecureSession, touchIfDue } from '../security/secure-request.ts';
import {
  recordMessage,
  recordMessageInOneStatement,
} from '../security/secure-sessions.repository.ts';
import { sessionExpired } from '../security/session-errors.ts';
import { checkAccess } from './access.ts';
import { noSuchEndpoint } from './static-app.ts';

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
  // PostgreSQL records an IV in one round trip (every encrypted write pays for it); SQLite's
  // transaction costs no round trips.
  const record =
    app.ctx.opened.dialect === 'postgres' ? recordMessageInOneStatement : recordMessage;
  app.decorateRequest('secureSessionId', null);

  // After the access plugin's onRequest, so request.user and request.loginSessionId are known.
  app.addHook('onRequest', async (request) => {
    const sessionId = sessionIdOf(request);
    if (sessionId === undefined) return;
    const now = new Date();
    const loginSessionId = request.loginSessionId;
    const opened = await openSecureSession(
      db,
      sessionId,
      loginSessionId,
      now,
      options.secureSessionIdleMs,
    );
    request.secureSessionId = sessionId;
    // Set before the checks below, so their refusals go out encrypted as they always did.
    channels.set(request, { key: opened.key, refused: false });
    const access = request.routeOptions.config.access;
    // Every /api route declares its access (access.ts), so none means no such route.
    if (access === undefined) throw noSuchEndpoint();
    // The access plugin judges this again at preValidation, with the claimed-identity checks
    // that need the body; this is the part that needs none.
    checkAccess(access, request.user);
    await touchIfDue(db, sessionId, opened, now);
  });

  function refusedByChannel(channel: ChannelState, error: Error): Error {
    channel.refused = true;
    return error;
  }

  async function openBody(request: FastifyRequest, body: string): Promise<unknown> {
    const channel = channels.get(request);
    if (channel === undefined || request.secureSessionId === null) {
      throw badRequest('A text/plain body must be encrypted and sent with X-Session-ID.');
    }
    const undecryptable = () => badRequest('The encrypted body could not be decrypted.');
    let opened: ReturnType<typeof openText>;
    try {
      opened = openText(channel.key, body);
    } catch (error) {
      channel.refused = true;
      throw error instanceof DecryptError ? undecryptable() : error;
    }
    // It decrypted: a refusal of what it says is an ordinary (encrypted) reply.
    if (jsonTooDeep(opened.plaintext)) throw tooDeep();
    const recorded = await record(db, request.secureSessionId, opened.iv, new Date());
    if (recorded === 'replayed' && !isResentKeyedWrite(request)) {
      const replayed = 'This encrypted message was already received (replayed IV).';
      throw refusedByChannel(channel, badRequest(replayed));
    }
    if (recorded === 'capped') throw refusedByChannel(channel, sessionExpired());
    try {
      return JSON.parse(opened.plaintext) as unknown;
    } catch {
      throw refusedByChannel(channel, undecryptable());
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

/**
 * A replayed IV that is answered, not refused: a write whose route runs through
 * runIdempotent, with an Idempotency-Key. A balancer resends the very bytes a killed process
 * had received (and whose IV it had recorded) to another process; the key decides — the
 * stored reply if the first attempt committed, else the write made once. A captured message
 * replayed by someone else gains nothing either: the same key gives the same verdict, sealed
 * for the session's owner, and keys outlive secure sessions (IDEMPOTENCY_DAYS against hours).
 */
function isResentKeyedWrite(request: FastifyRequest): boolean {
  return (
    request.routeOptions.config.idempotent === true &&
    typeof request.headers['idempotency-key'] === 'string'
  );
}
