// The server's words in the caller's language (beyond-spec.md section 4): refusals and the
// success messages people see come in the Accept-Language the client sends, English without
// one (the spec's exact text).
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, type SignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

const SPANISH = { 'accept-language': 'es-419,es;q=0.9,en;q=0.5' };

describe('server replies in the caller language', () => {
  const server = useTestServer('sqlite', { rateLimitScale: 1000 });
  let user: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUser(server.app.ctx.opened.db);
  });

  const messageOf = (res: LightMyRequestResponse) => res.json<{ message: string }>().message;

  it('a failed sign-in', async () => {
    const body = { username: user.username, password: 'wrongpass1' };
    const english = await call(server.app, 'POST', '/api/auth/login', { body });
    expect(english.statusCode).toBe(401);
    expect(messageOf(english)).toBe('Invalid username or password');
    const spanish = await call(server.app, 'POST', '/api/auth/login', { body, headers: SPANISH });
    expect(spanish.statusCode).toBe(401);
    expect(messageOf(spanish)).toBe('Usuario o contraseña incorrectos');
    expect(spanish.json()).toMatchObject({ authenticated: false, error: 'UNAUTHORIZED' });
  });

  it('a wrong recovery code, and a sign-in', async () => {
    const reset = await call(server.app, 'POST', '/api/auth/password/verify-reset', {
      body: { email: user.email, otp: '000000', newPassword: 'Qzx7ylpa9w' },
      headers: SPANISH,
    });
    expect(reset.statusCode).toBe(400);
    expect(messageOf(reset)).toBe('El código de recuperación no es válido o ya venció.');
    const login = await call(server.app, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
      headers: SPANISH,
    });
    expect(messageOf(login)).toBe('Sesión iniciada');
  });

  it('a refusal without a message of its own (signed out)', async () => {
    const res = await call(server.app, 'GET', '/api/auth/me', { headers: SPANISH });
    expect(res.statusCode).toBe(401);
    expect(messageOf(res)).toBe('Inicia sesión.');
  });

  it('without Accept-Language, the signed-in account language', async () => {
    const db = server.app.ctx.opened.db;
    const spanish = await createSignedInUser(db, { language: 'es' });
    const res = await call(server.app, 'PUT', '/api/auth/update/language', {
      as: spanish,
      body: { language: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('El idioma debe ser "en" o "es".');
    const english = await call(server.app, 'PUT', '/api/auth/update/language', {
      as: spanish,
      body: { language: 'fr' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(messageOf(english)).toBe('Language must be "en" or "es".');
  });
});
