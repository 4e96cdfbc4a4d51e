// wire-protocol.md "Secure session" and spec sections 7 and 9, tried by an independent client.
import { createPublicKey, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialects, type TestServer } from '../support/build-app.ts';
import { expectOk, newClient, securedClient, startServer } from './harness.ts';
import {
  IV_BYTES,
  newClientKeys,
  open,
  rec,
  seal,
  signHandshake,
  TAG_BYTES,
  type Reply,
} from './wire-client.ts';

function expectPlainJsonError(reply: Reply, status: number): Record<string, unknown> {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expect(reply.encrypted).toBe(false);
  const body = rec(reply.json);
  expect(body.status).toBe('error');
  expect(typeof body.message).toBe('string');
  expect(typeof body.error).toBe('string');
  return body;
}

describe.each(testDialects())('independent client: secure session (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it('initiate: a signed request gets a session id (>=128 bits) and a fresh P-256 SPKI key', async () => {
    const c = newClient(server);
    const a = await c.initiate();
    const b = await c.initiate();
    expectOk(a);
    const body = rec(a.json);
    expect(body.status).toBe('success');
    expect(typeof body.sessionId).toBe('string');
    // An opaque id of at least 128 random bits needs at least 22 characters in any text form.
    expect(String(body.sessionId).length).toBeGreaterThanOrEqual(22);
    const key = createPublicKey({
      key: Buffer.from(String(body.serverPublicKey), 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(key.asymmetricKeyType).toBe('ec');
    expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const other = rec(b.json);
    expect(other.sessionId).not.toBe(body.sessionId);
    expect(other.serverPublicKey).not.toBe(body.serverPublicKey);
  });

  it('initiate without X-Signature is accepted (the signature is sent "when the client has a key")', async () => {
    const reply = await newClient(server).initiate({ signature: null });
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
  });

  it('initiate with a signature that does not verify is a 401 error envelope', async () => {
    const c = newClient(server);
    const timestamp = String(Date.now());
    const wrong = signHandshake('not-the-client-key', c.clientId, timestamp);
    const reply = await c.initiate({ timestamp, signature: wrong });
    expect(reply.status, reply.text).toBe(401);
    const body = rec(reply.json);
    expect(body.status).toBe('error');
    expect(typeof body.message).toBe('string');
    expect(typeof body.error).toBe('string');
  });

  it('initiate with a correctly signed timestamp more than 5 minutes off is a 401', async () => {
    const c = newClient(server);
    for (const skew of [-6 * 60_000, 6 * 60_000]) {
      const reply = await c.initiate({ timestamp: String(Date.now() + skew) });
      expect(reply.status, `${skew}: ${reply.text}`).toBe(401);
      expect(rec(reply.json).status).toBe('error');
    }
  });

  it('initiate with a correctly signed timestamp 4 minutes off is still accepted', async () => {
    const c = newClient(server);
    for (const skew of [-4 * 60_000, 4 * 60_000]) {
      const reply = await c.initiate({ timestamp: String(Date.now() + skew) });
      expect(reply.status, `${skew}: ${reply.text}`).toBe(200);
    }
  });

  it('complete with a base64 SPKI key replies {"status":"success"} and the channel works', async () => {
    const c = newClient(server);
    await c.handshake('spki');
    const reply = await c.post('/api/feedback/submit', {
      name: 'spki',
      phoneNumber: '5551234567',
      content: 'hello over SPKI',
    });
    expectOk(reply);
    expect(reply.encrypted).toBe(true);
    expect(rec(reply.json).status).toBe('success');
  });

  it('complete with a raw 65-byte uncompressed point is also accepted', async () => {
    const c = newClient(server);
    const started = rec((await c.initiate()).json);
    const keys = newClientKeys();
    expect(Buffer.from(keys.rawPoint, 'base64')).toHaveLength(65);
    const done = await c.complete(String(started.sessionId), keys.rawPoint);
    expectOk(done);
    expect(done.json).toEqual({ status: 'success' });
    await c.handshake('raw');
    const reply = await c.post('/api/feedback/submit', {
      name: 'raw',
      phoneNumber: '5551234567',
      content: 'hello over a raw point',
    });
    expectOk(reply);
    expect(reply.encrypted).toBe(true);
    expect(rec(reply.json).status).toBe('success');
  });

  it('complete-handshake reply is exactly {"status":"success"}', async () => {
    const c = newClient(server);
    const started = rec((await c.initiate()).json);
    const done = await c.complete(String(started.sessionId), newClientKeys().spki);
    expectOk(done);
    expect(done.json).toEqual({ status: 'success' });
  });

  it('complete-handshake without clientPublicKey is a 400 (missing required field)', async () => {
    const c = newClient(server);
    const started = rec((await c.initiate()).json);
    const reply = await c.post(
      '/api/security/complete-handshake',
      { sessionId: started.sessionId },
      { encrypt: false },
    );
    expect(reply.status, reply.text).toBe(400);
    expect(rec(reply.json).status).toBe('error');
  });

  it('an encrypted reply is text/plain base64(IV[12] || ciphertext || tag[16]) of the JSON', async () => {
    const c = await securedClient(server);
    const reply = await c.post('/api/feedback/submit', {
      name: 'format',
      phoneNumber: '5551234567',
      content: 'check the reply format',
    });
    expect(reply.headers.get('content-type') ?? '').toMatch(/^text\/plain/);
    expect(reply.text.trim()).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const bytes = Buffer.from(reply.text.trim(), 'base64');
    expect(bytes.length).toBeGreaterThan(IV_BYTES + TAG_BYTES);
    const plaintext = open(c.session!.aesKey, reply.text);
    expect(rec(JSON.parse(plaintext) as unknown).status).toBe('success');
    // Two replies never share an IV.
    const again = await c.post('/api/feedback/submit', {
      name: 'format',
      phoneNumber: '5551234567',
      content: 'check the reply format',
    });
    const iv1 = bytes.subarray(0, IV_BYTES).toString('hex');
    const iv2 = Buffer.from(again.text.trim(), 'base64').subarray(0, IV_BYTES).toString('hex');
    expect(iv1).not.toBe(iv2);
  });

  it('an encrypted error reply is sealed too ("errors included")', async () => {
    const c = await securedClient(server);
    const reply = await c.post('/api/auth/login', {
      username: 'nobodyhere',
      password: 'Wrong1234',
    });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('content-type') ?? '').toMatch(/^text\/plain/);
    expect(reply.encrypted).toBe(true);
    expect(rec(reply.json).status).toBe('error');
  });

  it('an unknown X-Session-ID gets a plain JSON 401 with error SESSION_EXPIRED', async () => {
    const c = await securedClient(server);
    const body = seal(
      c.session!.aesKey,
      JSON.stringify({ name: 'x', phoneNumber: '1', content: 'y' }),
    );
    const reply = await c.post('/api/feedback/submit', undefined, {
      raw: body,
      headers: {
        'Content-Type': 'text/plain',
        'X-Session-ID': randomBytes(24).toString('base64url'),
      },
    });
    expect(expectPlainJsonError(reply, 401).error).toBe('SESSION_EXPIRED');
  });

  it('a session that was initiated but never completed is not usable', async () => {
    const c = newClient(server);
    const started = rec((await c.initiate()).json);
    const reply = await c.post('/api/feedback/submit', undefined, {
      raw: seal(randomBytes(32), JSON.stringify({ name: 'x', phoneNumber: '1', content: 'y' })),
      headers: { 'Content-Type': 'text/plain', 'X-Session-ID': String(started.sessionId) },
    });
    expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(rec(reply.json).status).toBe('error');
  });

  it('a tampered body (one ciphertext bit flipped) gets a plain JSON 400', async () => {
    const c = await securedClient(server);
    const sealed = Buffer.from(
      seal(
        c.session!.aesKey,
        JSON.stringify({ name: 'x', phoneNumber: '5551234567', content: 'y' }),
      ),
      'base64',
    );
    sealed[IV_BYTES + 1] = (sealed[IV_BYTES + 1] ?? 0) ^ 0x01;
    const reply = await c.post('/api/feedback/submit', undefined, {
      raw: sealed.toString('base64'),
      headers: { 'Content-Type': 'text/plain', 'X-Session-ID': c.session!.sessionId },
    });
    expectPlainJsonError(reply, 400);
  });

  it('a body that is not base64 at all gets a plain JSON 400', async () => {
    const c = await securedClient(server);
    const reply = await c.post('/api/feedback/submit', undefined, {
      raw: '%%% not a sealed message %%%',
      headers: { 'Content-Type': 'text/plain', 'X-Session-ID': c.session!.sessionId },
    });
    expectPlainJsonError(reply, 400);
  });

  it('a second server instance on the same database keeps secure and login sessions', async () => {
    const c = await securedClient(server);
    const login = await c.post('/api/auth/login', {
      username: server.config.adminUsername,
      password: server.config.adminPassword,
    });
    expectOk(login);
    const second = await startTestServer(
      dialect,
      dialect === 'sqlite'
        ? { dataDir: server.config.dataDir, rateLimitScale: 1000 }
        : { databaseUrl: server.config.databaseUrl, rateLimitScale: 1000 },
      { listen: true },
    );
    try {
      const twin = newClient(second);
      twin.session = c.session;
      for (const [k, v] of c.cookies) twin.cookies.set(k, v);
      const reply = await twin.post('/api/feedback/submit', {
        name: 'twin',
        phoneNumber: '5551234567',
        content: 'same session, other instance',
      });
      expectOk(reply);
      expect(reply.encrypted).toBe(true);
      const me = await twin.get('/api/auth/me');
      expectOk(me);
      expect(rec(me.json).username).toBe(server.config.adminUsername);
    } finally {
      await second.close();
    }
  });
  it('secure sessions expire when idle and at their absolute limit: plain JSON 401 SESSION_EXPIRED, then a re-handshake works', async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const feedback = { name: 'exp', phoneNumber: '5551234567', content: 'still here?' };
    // Idle limit 1 s (absolute 1 min), then absolute limit 1.5 s (idle 1 min).
    for (const limits of [
      { secureSessionIdleMs: 1000, secureSessionMaxMs: 60_000 },
      { secureSessionIdleMs: 60_000, secureSessionMaxMs: 1500 },
    ]) {
      const short = await startTestServer(
        dialect,
        { ...limits, rateLimitScale: 1000 },
        { listen: true },
      );
      try {
        const c = newClient(short);
        await c.handshake();
        expectOk(await c.post('/api/feedback/submit', feedback));
        await sleep(1800);
        const expired = await c.post('/api/feedback/submit', feedback);
        expect(expectPlainJsonError(expired, 401).error, JSON.stringify(limits)).toBe(
          'SESSION_EXPIRED',
        );
        await c.handshake();
        const retried = await c.post('/api/feedback/submit', feedback);
        expectOk(retried);
        expect(retried.encrypted).toBe(true);
      } finally {
        await short.close();
      }
    }
  });
});
