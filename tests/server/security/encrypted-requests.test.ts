import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, encryptText } from '#shared/secure-channel/index';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  expectPlainError,
  FEEDBACK,
  feedback,
  handshake,
  openReply,
  sendEncrypted,
} from './secure-client.ts';

describe.each(testDialects())('encrypted requests (%s)', (dialect) => {
  const server = useTestServer(dialect);

  it('encrypts the reply to a GET that carries a session', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('success');
    expect(await openReply(session, res)).toEqual({ status: 'success' });
  });

  it('decrypts a body before the route sees it and encrypts the reply', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: FEEDBACK,
      body: feedback,
    });
    expect(res.statusCode).toBe(200);
    const reply = (await openReply(session, res)) as { status: string; id: number };
    expect(reply.status).toBe('success');
    const row = await server.app.ctx.opened.db
      .selectFrom('feedback')
      .select('content')
      .where('id', '=', reply.id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe(feedback.content);
  });

  it('decrypts before the access checks: a claimed userId is judged (403), the refusal encrypted', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: FEEDBACK,
      body: { ...feedback, userId: 42 },
    });
    expect(res.statusCode).toBe(403);
    expect(await openReply(session, res)).toMatchObject({ status: 'error', error: 'FORBIDDEN' });
  });

  it('encrypts a validation refusal and keeps its status', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: FEEDBACK,
      body: { ...feedback, content: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(await openReply(session, res)).toMatchObject({ status: 'error', error: 'BAD_REQUEST' });
  });

  it('encrypts the 404 of an unknown path', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: '/api/nope',
      body: {},
    });
    expect(res.statusCode).toBe(404);
    expect(await openReply(session, res)).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('still takes plain JSON with a session (reply encrypted) and without one (reply plain)', async () => {
    const session = await handshake(server);
    const withSession = await server.app.inject({
      method: 'POST',
      url: FEEDBACK,
      headers: { 'x-session-id': session.sessionId, 'content-type': 'application/json' },
      payload: feedback,
    });
    expect(withSession.statusCode).toBe(200);
    expect(await openReply(session, withSession)).toMatchObject({ status: 'success' });
    const plain = await server.app.inject({ method: 'POST', url: FEEDBACK, payload: feedback });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ status: 'success' });
  });

  it.each([
    ['a changed ciphertext byte', 14],
    ['a changed tag byte', -1],
    ['a changed IV byte', 3],
  ])('refuses a body with %s (plain 400)', async (_name, index) => {
    const session = await handshake(server);
    const sealed = base64ToBytes(await encryptText(session.key, JSON.stringify(feedback)));
    const at = index < 0 ? sealed.length + index : index;
    sealed[at] = (sealed[at] ?? 0) ^ 0x80;
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: FEEDBACK,
      raw: bytesToBase64(sealed),
    });
    expectPlainError(res, 400, 'BAD_REQUEST');
  });

  it.each([
    ['bad base64', 'this is not base64!'],
    ['an empty body', ''],
    ['a too short message', bytesToBase64(new Uint8Array(20))],
  ])('refuses %s (plain 400)', async (_name, raw) => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, { method: 'POST', url: FEEDBACK, raw });
    expectPlainError(res, 400, 'BAD_REQUEST');
  });

  it('refuses a body that decrypts to something other than JSON (plain 400)', async () => {
    const session = await handshake(server);
    const raw = await encryptText(session.key, '{"name": oops');
    const res = await sendEncrypted(server, session, { method: 'POST', url: FEEDBACK, raw });
    expectPlainError(res, 400, 'BAD_REQUEST');
  });

  it('refuses a replayed message (plain 400) and stores nothing twice', async () => {
    const session = await handshake(server);
    const raw = await encryptText(
      session.key,
      JSON.stringify({ ...feedback, content: 'replay me' }),
    );
    const first = await sendEncrypted(server, session, { method: 'POST', url: FEEDBACK, raw });
    expect(first.statusCode).toBe(200);
    const second = await sendEncrypted(server, session, { method: 'POST', url: FEEDBACK, raw });
    expectPlainError(second, 400, 'BAD_REQUEST');
    const rows = await server.app.ctx.opened.db
      .selectFrom('feedback')
      .select('id')
      .where('content', '=', 'replay me')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of two racing replays through', async () => {
    const session = await handshake(server);
    const raw = await encryptText(session.key, JSON.stringify(feedback));
    const results = await Promise.all([
      sendEncrypted(server, session, { method: 'POST', url: FEEDBACK, raw }),
      sendEncrypted(server, session, { method: 'POST', url: FEEDBACK, raw }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a message sealed for another session (plain 400)', async () => {
    const mine = await handshake(server);
    const other = await handshake(server);
    const raw = await encryptText(other.key, JSON.stringify(feedback));
    const res = await sendEncrypted(server, mine, { method: 'POST', url: FEEDBACK, raw });
    expectPlainError(res, 400, 'BAD_REQUEST');
  });

  it('refuses an unknown session (plain 401 SESSION_EXPIRED)', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(
      server,
      { ...session, sessionId: 'not-a-session' },
      {
        method: 'POST',
        url: FEEDBACK,
        body: feedback,
      },
    );
    expectPlainError(res, 401, 'SESSION_EXPIRED');
  });

  it('refuses a handshake that never completed (plain 401 SESSION_EXPIRED)', async () => {
    const started = await server.app.inject({
      method: 'GET',
      url: '/api/security/initiate-handshake',
      headers: { 'x-client-id': server.config.clientId, 'x-timestamp': String(Date.now()) },
    });
    const { sessionId } = started.json<{ sessionId: string }>();
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-session-id': sessionId },
    });
    expectPlainError(res, 401, 'SESSION_EXPIRED');
  });

  it('refuses a session past its absolute expiry (plain 401 SESSION_EXPIRED)', async () => {
    const session = await handshake(server);
    await server.app.ctx.opened.db
      .updateTable('secure_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', session.sessionId)
      .execute();
    const res = await sendEncrypted(server, session, { method: 'GET', url: '/api/health' });
    expectPlainError(res, 401, 'SESSION_EXPIRED');
  });

  it('refuses a text/plain body without a session (400)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: FEEDBACK,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    // A text/plain POST without a preflighted header is a cross-site form post: 403 first.
    expect([400, 403]).toContain(res.statusCode);
    const withKey = await server.app.inject({
      method: 'POST',
      url: FEEDBACK,
      headers: { 'content-type': 'text/plain', 'idempotency-key': crypto.randomUUID() },
      payload: 'hello',
    });
    expectPlainError(withKey, 400, 'BAD_REQUEST');
  });

  it('refuses an oversized encrypted body (413)', async () => {
    const session = await handshake(server);
    const raw = 'A'.repeat(2 * 1024 * 1024);
    const res = await sendEncrypted(server, session, { method: 'POST', url: FEEDBACK, raw });
    expect(res.statusCode).toBe(413);
  });

  it('leaves the handshake routes alone when a stale session id is sent to them', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/security/initiate-handshake',
      headers: {
        'x-session-id': 'stale',
        'x-client-id': server.config.clientId,
        'x-timestamp': String(Date.now()),
      },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe.each(testDialects())('idle secure sessions (%s)', (dialect) => {
  const server = useTestServer(dialect, { secureSessionIdleMs: 1 });

  it('refuses a session idle past the limit (plain 401 SESSION_EXPIRED)', async () => {
    const session = await handshake(server);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await sendEncrypted(server, session, { method: 'GET', url: '/api/health' });
    expectPlainError(res, 401, 'SESSION_EXPIRED');
  });
});
