// Route schemas (plugins/zod-schemas.ts, issue 15): a request a route schema refuses gets the
// same 400 envelope and message the handlers' own parse gave, a missing body still reads as {},
// access is judged before any input check, an encrypted body validates the same way, and an
// Idempotency-Key still tells a body with an extra field from the first one (the hash is of
// the body as received, not as the schema stripped it).
import { describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { handshake, openReply, sendEncrypted } from '../security/secure-client.ts';

const BAD_USERNAME = {
  status: 'error',
  error: 'BAD_REQUEST',
  message: 'username: Invalid input: expected string, received number',
};

describe.each(testDialects())('route schemas (%s)', (dialect) => {
  const server = useTestServer(dialect);

  it('refuses a body of the wrong shape with the envelope and the field named', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 5, password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_USERNAME);
  });

  it('reads a missing or null body as {} (the spec message, not a shape error)', async () => {
    const expected = {
      status: 'error',
      error: 'BAD_REQUEST',
      authenticated: false,
      message: 'Please enter your username or email and password.',
    };
    // No body at all: a header a cross-site form cannot send gets it past the CSRF guard.
    const none = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(expected);
    const nullBody = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode).toBe(400);
    expect(nullBody.json()).toEqual(expected);
  });

  it('judges access before the schema: a signed-out caller learns nothing from input checks', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/auth/update/username',
      payload: { newUsername: 12345 },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'error', error: 'UNAUTHORIZED' });
  });

  it('validates an encrypted body the same way, and answers encrypted', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 5, password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(await openReply(session, res)).toEqual(BAD_USERNAME);
  });

  it('keeps an extra field in the Idempotency-Key hash: a reuse with one is a 422', async () => {
    const body = { username: `Schemata${dialect}`, password: 'Quietharbor42' };
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers,
      payload: body,
    });
    expect(first.statusCode).toBe(201);
    const replay = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers,
      payload: body,
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBeDefined();
    const reused = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers,
      payload: { ...body, role: 'ADMIN' },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED' });
  });
});
