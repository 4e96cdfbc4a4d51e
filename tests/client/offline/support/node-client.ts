// A Node stand-in for the browser's api-client, for tests and benchmarks of the offline
// layer: Node's fetch, a one-cookie jar, and the shared secure channel. Like sendRequest it
// encrypts bodies, re-handshakes once on SESSION_EXPIRED (single-flight) and resends, returns every HTTP
// status and throws only when the server cannot be reached. It counts what it sends.
import {
  decryptJson,
  encryptJson,
  establishSecureSession,
  SESSION_ID_HEADER,
  type FetchLike,
  type SecureSession,
} from '#shared/secure-channel/index';
import type { OutboxRequest, OutboxReply, OutboxTransport } from '#client/offline/outbox-transport';
import type { ServerConfig } from '#server/config';

export interface NodeClient {
  transport: OutboxTransport;
  /** Replaces the login cookie ('name=value'), or clears it with null. */
  setCookie(cookie: string | null): void;
  stats: { handshakes: number; requests: number };
}

export function createNodeClient(baseUrl: string, config: ServerConfig): NodeClient {
  let cookie: string | null = null;
  let session: SecureSession | null = null;
  const stats = { handshakes: 0, requests: 0 };

  const withCookie = (headers: Record<string, string> = {}) =>
    cookie === null ? headers : { ...headers, cookie };

  const handshakeFetch: FetchLike = async (url, init) =>
    fetch(url, { method: init.method, headers: withCookie(init.headers), body: init.body });

  let pending: Promise<SecureSession> | null = null;

  /** Single-flight, like the browser's: concurrent callers share one handshake. */
  function handshake(): Promise<SecureSession> {
    pending ??= (async () => {
      stats.handshakes += 1;
      session = await establishSecureSession(handshakeFetch, {
        baseUrl,
        clientId: config.clientId,
        clientAuthKey: config.clientAuthKey,
      });
      return session;
    })().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** After SESSION_EXPIRED: a new session, unless another request already made one. */
  async function replace(used: SecureSession): Promise<SecureSession> {
    if (pending !== null) return pending;
    return session !== null && session !== used ? session : handshake();
  }

  async function exchange(request: OutboxRequest, used: SecureSession): Promise<OutboxReply> {
    const headers: Record<string, string> = withCookie({ [SESSION_ID_HEADER]: used.sessionId });
    if (request.idempotencyKey !== undefined) headers['Idempotency-Key'] = request.idempotencyKey;
    let body: string | undefined;
    if (request.method !== 'GET') {
      headers['Content-Type'] = 'text/plain';
      body = await encryptJson(used.key, request.body ?? {});
    }
    stats.requests += 1;
    const response = await fetch(baseUrl + request.path, { method: request.method, headers, body });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const parsed: unknown = type.startsWith('text/plain')
      ? await decryptJson(used.key, text)
      : text === ''
        ? null
        : (JSON.parse(text) as unknown);
    return { status: response.status, body: parsed };
  }

  const isExpired = (reply: OutboxReply) =>
    reply.status === 401 && (reply.body as { error?: unknown } | null)?.error === 'SESSION_EXPIRED';

  const transport: OutboxTransport = async (request) => {
    const used = session ?? (await handshake());
    const reply = await exchange(request, used);
    return isExpired(reply) ? exchange(request, await replace(used)) : reply;
  };

  return {
    transport,
    setCookie: (value) => {
      cookie = value;
    },
    stats,
  };
}
