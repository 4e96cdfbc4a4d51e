import { describe, expect, it } from 'vitest';
import {
  bytesToBase64,
  deriveAesKeyBytes,
  establishSecureSession,
  exportPrivateKeyPkcs8,
  exportPublicKeySpki,
  generateEcdhKeyPair,
  signHandshake,
} from '#shared/secure-channel/index';
import { subtle } from 'node:crypto';
import { buildApp } from '#server/app';
import { deleteOldSealKeys } from '#server/security/handshake-seal';
import { completeHandshake, initiateHandshake } from '#server/security/handshake.service';
import { insertPendingSession } from '#server/security/secure-sessions.repository';
import { testDialects, type TestServer, useTestServer } from '../../support/build-app.ts';
import { injectFetch } from './secure-client.ts';

const INITIATE = '/api/security/initiate-handshake';
const COMPLETE = '/api/security/complete-handshake';

async function signedHeaders(server: TestServer, overrides: Record<string, string> = {}) {
  const timestamp = Date.now();
  return {
    'x-client-id': server.config.clientId,
    'x-timestamp': String(timestamp),
    'x-signature': await signHandshake(
      server.config.clientAuthKey,
      server.config.clientId,
      timestamp,
    ),
    ...overrides,
  };
}

async function initiate(
  server: TestServer,
): Promise<{ sessionId: string; serverPublicKey: string }> {
  const res = await server.app.inject({
    method: 'GET',
    url: INITIATE,
    headers: await signedHeaders(server),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function complete(server: TestServer, sessionId: string, clientPublicKey: unknown) {
  return server.app.inject({
    method: 'POST',
    url: COMPLETE,
    headers: { 'content-type': 'application/json' },
    payload: { sessionId, clientPublicKey },
  });
}

async function clientKey(): Promise<string> {
  return exportPublicKeySpki((await generateEcdhKeyPair()).publicKey);
}

describe.each(testDialects())('secure session handshake (%s)', (dialect) => {
  const server = useTestServer(dialect, {}, { listen: true });

  it('completes a full handshake over real HTTP with the shared client', async () => {
    const session = await establishSecureSession(async (url, init) => fetch(url, init), {
      baseUrl: server.baseUrl,
      clientId: server.config.clientId,
      clientAuthKey: server.config.clientAuthKey,
    });
    expect(Buffer.from(session.sessionId, 'base64url').length).toBeGreaterThanOrEqual(16);
    const row = await server.app.ctx.opened.db
      .selectFrom('secure_sessions')
      .selectAll()
      .where('id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    expect(row.server_private_key).toBeNull();
    expect(row.aes_key).not.toBeNull();
    expect(row.login_session_id).toBeNull();
  });

  it('derives the same key on both sides', async () => {
    const { sessionId, serverPublicKey } = await initiate(server);
    const pair = await generateEcdhKeyPair();
    const res = await complete(server, sessionId, await exportPublicKeySpki(pair.publicKey));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    const serverKey = await subtle.importKey(
      'spki',
      Buffer.from(serverPublicKey, 'base64'),
      { name: 'ECDH', namedCurve: 'P-256' },
      true,
      [],
    );
    const secret = await subtle.deriveBits(
      { name: 'ECDH', public: serverKey },
      pair.privateKey,
      256,
    );
    const expected = Buffer.from(await subtle.digest('SHA-256', secret)).toString('base64');
    const row = await server.app.ctx.opened.db
      .selectFrom('secure_sessions')
      .select('aes_key')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.aes_key).toBe(expected);
  });

  it('uses a fresh server key and session id for every handshake', async () => {
    const a = await initiate(server);
    const b = await initiate(server);
    expect(a.serverPublicKey).not.toBe(b.serverPublicKey);
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(Buffer.from(a.serverPublicKey, 'base64')).toHaveLength(91);
  });

  it('accepts an initiate call without a signature', async () => {
    const unsigned: Record<string, string> = await signedHeaders(server);
    delete unsigned['x-signature'];
    const res = await server.app.inject({ method: 'GET', url: INITIATE, headers: unsigned });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a valid signature written with stray bits in its last base64 digit (401)', async () => {
    const headers = await signedHeaders(server);
    const signature = headers['x-signature'];
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const last = signature.length - 2; // 32 bytes: 43 digits and '='; the 43rd has 2 spare bits
    const stray = ALPHABET.charAt(ALPHABET.indexOf(signature.charAt(last)) ^ 1);
    const tampered = signature.slice(0, last) + stray + '=';
    expect(Buffer.from(tampered, 'base64')).toEqual(Buffer.from(signature, 'base64'));
    const res = await server.app.inject({
      method: 'GET',
      url: INITIATE,
      headers: { ...headers, 'x-signature': tampered },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['a wrong client id', { 'x-client-id': 'someone-else' }],
    ['a bad signature', { 'x-signature': bytesToBase64(new Uint8Array(32)) }],
    ['a signature that is not base64', { 'x-signature': '%%%' }],
    ['a stale timestamp', { 'x-timestamp': String(Date.now() - 6 * 60_000) }],
    ['a future timestamp', { 'x-timestamp': String(Date.now() + 6 * 60_000) }],
    ['a timestamp that is not a number', { 'x-timestamp': 'yesterday' }],
  ])('refuses an initiate call with %s (401)', async (_name, overrides) => {
    const res = await server.app.inject({
      method: 'GET',
      url: INITIATE,
      headers: await signedHeaders(server, overrides),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'error', error: 'UNAUTHORIZED' });
  });

  it('refuses an initiate call without headers (401)', async () => {
    const res = await server.app.inject({ method: 'GET', url: INITIATE });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a stale signature on the completion call too', async () => {
    const { sessionId } = await initiate(server);
    const res = await server.app.inject({
      method: 'POST',
      url: COMPLETE,
      headers: await signedHeaders(server, { 'x-timestamp': String(Date.now() - 10 * 60_000) }),
      payload: { sessionId, clientPublicKey: await clientKey() },
    });
    expect(res.statusCode).toBe(401);
  });

  it('accepts a raw 65-byte client point', async () => {
    const { sessionId } = await initiate(server);
    const pair = await generateEcdhKeyPair();
    const raw = new Uint8Array(await subtle.exportKey('raw', pair.publicKey));
    const res = await complete(server, sessionId, bytesToBase64(raw));
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['bad base64', 'not base64 at all'],
    ['an off-curve point', offCurvePoint()],
    ['garbage bytes', bytesToBase64(new Uint8Array(91).fill(7))],
    ['an empty key', ''],
    ['a number', 12345],
  ])('refuses %s as the client key (400) and leaves the handshake pending', async (_name, key) => {
    const { sessionId } = await initiate(server);
    const res = await complete(server, sessionId, key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', error: 'BAD_REQUEST' });
    expect((await complete(server, sessionId, await clientKey())).statusCode).toBe(200);
  });

  it('refuses a key on another curve (400)', async () => {
    const { sessionId } = await initiate(server);
    const p384 = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-384' }, true, [
      'deriveBits',
    ]);
    const spki = new Uint8Array(await subtle.exportKey('spki', p384.publicKey));
    expect((await complete(server, sessionId, bytesToBase64(spki))).statusCode).toBe(400);
  });

  it('refuses a body without sessionId (400)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: COMPLETE,
      headers: { 'content-type': 'application/json' },
      payload: { clientPublicKey: await clientKey() },
    });
    expect(res.statusCode).toBe(400);
  });

  it('completes a handshake only once', async () => {
    const { sessionId } = await initiate(server);
    expect((await complete(server, sessionId, await clientKey())).statusCode).toBe(200);
    const again = await complete(server, sessionId, await clientKey());
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ status: 'error', error: 'SESSION_EXPIRED' });
  });

  it('lets exactly one of two racing completions win', async () => {
    const { sessionId } = await initiate(server);
    const [a, b] = await Promise.all([
      complete(server, sessionId, await clientKey()),
      complete(server, sessionId, await clientKey()),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
  });

  it('refuses an unknown session id (401 SESSION_EXPIRED)', async () => {
    const res = await complete(server, 'no-such-session', await clientKey());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'SESSION_EXPIRED' });
  });

  it('refuses a pending handshake past its minute (401 SESSION_EXPIRED)', async () => {
    const db = server.app.ctx.opened.db;
    const fresh = await initiateHandshake(db, new Date(Date.now() - 50_000));
    expect((await complete(server, fresh.sessionId, await clientKey())).statusCode).toBe(200);
    const stale = await initiateHandshake(db, new Date(Date.now() - 61_000));
    const res = await complete(server, stale.sessionId, await clientKey());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'SESSION_EXPIRED' });
  });

  it('stores nothing on initiate and one row on completion', async () => {
    const db = server.app.ctx.opened.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('secure_sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const { sessionId } = await initiate(server);
    expect(await count()).toBe(before);
    expect((await complete(server, sessionId, await clientKey())).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a session id with any byte changed (401 SESSION_EXPIRED)', async () => {
    const { sessionId } = await initiate(server);
    const bytes = Buffer.from(sessionId, 'base64url');
    for (const index of [0, 1, 4, 5, 20, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[index] = (changed[index] ?? 0) ^ 1;
      const res = await complete(server, changed.toString('base64url'), await clientKey());
      expect([index, res.statusCode]).toEqual([index, 401]);
    }
    expect((await complete(server, sessionId, await clientKey())).statusCode).toBe(200);
  });

  it('deletes the minute keys of sealed session ids a few minutes on', async () => {
    const db = server.app.ctx.opened.db;
    await initiate(server);
    const keys = () =>
      db.selectFrom('server_secrets').select('name').where('name', 'like', 'handshake-seal:%');
    expect(await keys().execute()).not.toEqual([]);
    await deleteOldSealKeys(db, new Date(Date.now() + 3 * 60_000));
    expect(await keys().execute()).not.toEqual([]);
    await deleteOldSealKeys(db, new Date(Date.now() + 5 * 60_000));
    expect(await keys().execute()).toEqual([]);
  });

  it('completes a pending row that a process before sealed ids wrote (PKCS#8 key)', async () => {
    const db = server.app.ctx.opened.db;
    const old = await generateEcdhKeyPair({ extractablePrivateKey: true });
    const row = (id: string, expiresAt: Date) => ({
      id,
      serverPrivateKey: '',
      now: new Date(),
      expiresAt,
    });
    const live = row('pending-row-live', new Date(Date.now() + 30_000));
    await insertPendingSession(db, {
      ...live,
      serverPrivateKey: await exportPrivateKeyPkcs8(old.privateKey),
    });
    const client = await generateEcdhKeyPair();
    const res = await complete(server, live.id, await exportPublicKeySpki(client.publicKey));
    expect(res.statusCode).toBe(200);
    const stored = await db
      .selectFrom('secure_sessions')
      .select(['aes_key', 'server_private_key'])
      .where('id', '=', live.id)
      .executeTakeFirstOrThrow();
    const expected = await deriveAesKeyBytes(client.privateKey, old.publicKey);
    expect(stored).toEqual({ aes_key: bytesToBase64(expected), server_private_key: null });
    const expired = row('pending-row-expired', new Date(Date.now() - 1000));
    await insertPendingSession(db, {
      ...expired,
      serverPrivateKey: await exportPrivateKeyPkcs8(old.privateKey),
    });
    expect((await complete(server, expired.id, await clientKey())).statusCode).toBe(401);
  });

  it('works through the inject adapter used by the other tests', async () => {
    const session = await establishSecureSession(injectFetch(server.app), {
      baseUrl: '',
      clientId: server.config.clientId,
    });
    expect(session.sessionId).not.toBe('');
  });
});

function offCurvePoint(): string {
  const raw = new Uint8Array(65).fill(1);
  raw[0] = 4;
  return bytesToBase64(raw);
}

describe.each(testDialects())('handshake rate limit (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 0.05 });

  it('answers 429 with Retry-After once a client address handshakes too often', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await server.app.inject({
        method: 'GET',
        url: INITIATE,
        headers: await signedHeaders(server),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json()).toMatchObject({ status: 'error', error: 'RATE_LIMITED' });
      }
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});

describe.each(testDialects().filter((d) => d === 'postgres'))(
  'handshake across two app processes on one database (%s)',
  (dialect) => {
    const first = useTestServer(dialect);

    it('completes on one process a handshake another began, once', async () => {
      const second = await buildApp({ ...first.config });
      try {
        const { sessionId } = await initiate(first);
        const key = await clientKey();
        expect((await complete({ ...first, app: second }, sessionId, key)).statusCode).toBe(200);
        expect((await complete(first, sessionId, await clientKey())).statusCode).toBe(401);
      } finally {
        await second.close();
      }
    });
  },
);

describe('handshake completion on SQLite', () => {
  const server = useTestServer('sqlite');

  it('answers once the row is in the open batch, before the batch commits and syncs', async () => {
    const { db, sqliteDriver } = server.app.ctx.opened;
    if (sqliteDriver === undefined) throw new Error('no SQLite driver');
    const { sessionId } = await initiateHandshake(db, new Date());
    // Let a batch the initiate may have opened (the minute's seal key) commit first.
    await new Promise((resolve) => setImmediate(resolve));
    const commitsBefore = sqliteDriver.commits;
    const input = { sessionId, clientPublicKey: await clientKey() };
    await completeHandshake(db, input, new Date(), server.config.secureSessionMaxMs);
    expect(sqliteDriver.commits).toBe(commitsBefore);
    const row = await db
      .selectFrom('secure_sessions')
      .select('aes_key')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    expect(row?.aes_key).toBeDefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sqliteDriver.commits).toBe(commitsBefore + 1);
  });
});
