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
// - The session is read by the request's one lookup (request-lookup.ts), in the access
//   plugin's onRequest. On PostgreSQL a route marked `ivWithWrite` records the IV of a keyed
//   write in its write's own statement (issue 18: one round trip fewer per order): the body's
//   IV waits here until the route records it (recordPendingIv, or with its write and then
//   ivRecorded); one still waiting when the reply is sent is recorded then (onSend).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DecryptError } from '#shared/secure-channel/index';
import type { Db } from '../db/kysely.ts';
import { badRequest } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { openText, sealText } from '../security/aes-gcm.ts';
import { jsonTooDeep, tooDeep } from '../security/json-depth.ts';
import { openSecureSession, touchIfDue } from '../security/secure-request.ts';
import {
  recordMessage,
  recordMessageInOneStatement,
  type MessageRecord,
} from '../security/secure-sessions.repository.ts';
import { sessionExpired } from '../security/session-errors.ts';
import { checkAccess } from './access.ts';
import { lookupOf, secureSessionIdOf } from './request-lookup.ts';
import { noSuchEndpoint } from './static-app.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route records the IV of an encrypted keyed write itself, with its write, on
     * PostgreSQL (pendingIvOf, ivRecorded, recordPendingIv). Only with `idempotent`: a
     * resent keyed write is answered from its key whatever its IV, so recording the IV later
     * than the body's decryption changes no verdict.
     */
    ivWithWrite?: boolean;
  }
  interface FastifyRequest {
    /** The secure session this request came through, or null for a plain request. */
    secureSessionId: string | null;
  }
}

/** An encrypted body's IV not yet recorded (routes marked `ivWithWrite`, PostgreSQL). */
export interface PendingIv {
  sessionId: string;
  iv: string;
  seenAt: Date;
}

interface ChannelState {
  key: Buffer;
  /** The channel itself refused the body: the reply must stay readable without the key. */
  refused: boolean;
  pendingIv?: PendingIv;
}

// Per request (requests are per app, so one map serves every app in the process).
/** A body that does not open (or is not JSON once open), worded in the caller's language. */
const UNDECRYPTABLE = message('server.security.undecryptable');

const channels = new WeakMap<FastifyRequest, ChannelState>();
const recorders = new WeakMap<FastifyRequest, { db: Db; record: typeof recordMessage }>();

/** The body's IV the route is to record with its write, if it is still waiting. */
export function pendingIvOf(request: FastifyRequest): PendingIv | undefined {
  return channels.get(request)?.pendingIv;
}

/** The route's write recorded the pending IV (and found the session under its cap). */
export function ivRecorded(request: FastifyRequest): void {
  const channel = channels.get(request);
  if (channel !== undefined) delete channel.pendingIv;
}

/**
 * Records the pending IV now (the route's write did not): a session at its cap is
 * SESSION_EXPIRED, sent readable, as when the channel records it. A replayed IV passes: only
 * keyed writes wait (see `ivWithWrite`).
 */
export async function recordPendingIv(request: FastifyRequest): Promise<void> {
  const channel = channels.get(request);
  if (channel !== undefined && (await recordWaitingIv(request, channel)) === 'capped') {
    channel.refused = true;
    throw sessionExpired();
  }
}

/** Records the channel's waiting IV, if any ('recorded' when none waits). */
async function recordWaitingIv(
  request: FastifyRequest,
  channel: ChannelState,
): Promise<MessageRecord> {
  const pending = channel.pendingIv;
  const recorder = recorders.get(request);
  if (pending === undefined || recorder === undefined) return 'recorded';
  delete channel.pendingIv;
  return recorder.record(recorder.db, pending.sessionId, pending.iv, pending.seenAt);
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
  // PostgreSQL records an IV in one round trip (every encrypted write pays for it); SQLite's
  // transaction costs no round trips.
  const postgres = app.ctx.opened.dialect === 'postgres';
  const record = postgres ? recordMessageInOneStatement : recordMessage;
  app.decorateRequest('secureSessionId', null);

  // After the access plugin's onRequest, so request.user and request.loginSessionId are known.
  app.addHook('onRequest', async (request) => {
    const sessionId = secureSessionIdOf(request);
    if (sessionId === undefined) return;
    const now = new Date();
    const loginSessionId = request.loginSessionId;
    const opened = openSecureSession(
      lookupOf(request)?.secure,
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
      throw badRequest(message('server.security.mustEncrypt'));
    }
    const undecryptable = () => badRequest(UNDECRYPTABLE);
    let opened: ReturnType<typeof openText>;
    try {
      opened = openText(channel.key, body);
    } catch (error) {
      channel.refused = true;
      throw error instanceof DecryptError ? undecryptable() : error;
    }
    // It decrypted: a refusal of what it says is an ordinary (encrypted) reply.
    if (jsonTooDeep(opened.plaintext)) throw tooDeep();
    if (
      postgres &&
      request.routeOptions.config.ivWithWrite === true &&
      isResentKeyedWrite(request)
    ) {
      channel.pendingIv = { sessionId: request.secureSessionId, iv: opened.iv, seenAt: new Date() };
      recorders.set(request, { db, record });
      return parsed(channel, opened.plaintext);
    }
    const recorded = await record(db, request.secureSessionId, opened.iv, new Date());
    if (recorded === 'replayed' && !isResentKeyedWrite(request)) {
      const replayed = message('server.security.replayedIv');
      throw refusedByChannel(channel, badRequest(replayed));
    }
    if (recorded === 'capped') throw refusedByChannel(channel, sessionExpired());
    return parsed(channel, opened.plaintext);
  }

  function parsed(channel: ChannelState, plaintext: string): unknown {
    try {
      return JSON.parse(plaintext) as unknown;
    } catch {
      throw refusedByChannel(channel, badRequest(UNDECRYPTABLE));
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
    if (channel === undefined) return payload;
    // A keyed write refused before its route recorded the IV (its schema, a rate limit, a
    // claimed identity): recorded now, so the message still counts toward the session's cap.
    // At the cap the refusal goes out as it is; the session refuses everything after it.
    if (channel.pendingIv !== undefined) {
      await recordWaitingIv(request, channel).catch((err: unknown) => {
        request.log.warn({ err }, "recording a refused message's IV failed");
      });
    }
    if (channel.refused || !isJsonReply(reply)) return payload;
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
