// The client half's failure texts (spec section 8). The success path runs against the real
// server in tests/server/security; here a stand-in fetch plays a failing network or server.
import { describe, expect, it } from 'vitest';
import {
  establishSecureSession,
  exportPublicKeySpki,
  generateEcdhKeyPair,
  HandshakeError,
  type FetchLike,
  type FetchLikeInit,
} from '#shared/secure-channel/index';

// The platform fetch must fit FetchLike, so the web client can pass it as is.
export const platformFetch: FetchLike = fetch;

const OPTIONS = { baseUrl: 'http://server.test', clientId: 'web', clientAuthKey: 'k' };

function reply(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

async function serverKey(): Promise<string> {
  return exportPublicKeySpki((await generateEcdhKeyPair()).publicKey);
}

async function failureOf(fetchLike: FetchLike): Promise<HandshakeError> {
  const error: unknown = await establishSecureSession(fetchLike, OPTIONS).catch((e: unknown) => e);
  if (!(error instanceof HandshakeError))
    throw new Error(`expected a HandshakeError, got ${String(error)}`);
  return error;
}

describe('establishSecureSession failures', () => {
  it('tries a no-cors fallback after a network error and fails with the spec text', async () => {
    const calls: FetchLikeInit[] = [];
    const error = await failureOf(async (_url, init) => {
      calls.push(init);
      throw new TypeError('Failed to fetch');
    });
    expect(error.message).toBe('Server communication failed: Failed to fetch (fallback attempted)');
    expect(error.kind).toBe('network');
    expect(calls.map((c) => c.mode)).toEqual([undefined, 'no-cors']);
  });

  it('reports a refused initiate call with its status', async () => {
    const error = await failureOf(async () => reply(401, { status: 'error' }));
    expect(error.message).toBe('Server handshake failed: 401');
  });

  it.each([
    ['no sessionId', async () => ({ serverPublicKey: await serverKey() })],
    ['no serverPublicKey', async () => ({ sessionId: 'abc' })],
    ['a key that is not a P-256 key', async () => ({ sessionId: 'abc', serverPublicKey: 'AAAA' })],
    ['a body that is not an object', async () => 'hello'],
  ])('reports a reply with %s as an invalid format', async (_name, body) => {
    const value = await body();
    const error = await failureOf(async () => reply(200, value));
    expect(error.message).toBe('Invalid response format from server');
  });

  it('reports a refused complete call with its status', async () => {
    const key = await serverKey();
    const error = await failureOf(async (_url, init) =>
      init.method === 'GET' ? reply(200, { sessionId: 's', serverPublicKey: key }) : reply(400, {}),
    );
    expect(error.message).toBe('Handshake completion failed: 400');
  });

  it('sends the spec headers, signed, with credentials', async () => {
    const key = await serverKey();
    const seen: { url: string; init: FetchLikeInit }[] = [];
    await establishSecureSession(
      async (url, init) => {
        seen.push({ url, init });
        return init.method === 'GET'
          ? reply(200, { sessionId: 's1', serverPublicKey: key })
          : reply(200, { status: 'success' });
      },
      { ...OPTIONS, now: () => 1700000000000 },
    );
    expect(seen.map((s) => s.url)).toEqual([
      'http://server.test/api/security/initiate-handshake',
      'http://server.test/api/security/complete-handshake',
    ]);
    expect(seen[0]?.init.headers).toMatchObject({
      'X-Client-ID': 'web',
      'X-Timestamp': '1700000000000',
    });
    expect(seen[0]?.init.headers?.['X-Signature']).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(seen[1]?.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(seen.every((s) => s.init.credentials === 'include')).toBe(true);
    const body = JSON.parse(seen[1]?.init.body ?? '{}') as Record<string, unknown>;
    expect(body.sessionId).toBe('s1');
    expect(typeof body.clientPublicKey).toBe('string');
  });
});
