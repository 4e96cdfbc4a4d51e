// The account's language (beyond-spec.md section 4, issue 21): PUT /api/auth/update/language
// keeps the person's choice; me and login replies carry it; its replies and refusals are worded
// in the caller's language.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, type SignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

describe.each(testDialects())('account language (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  let user: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUser(server.app.ctx.opened.db);
  });

  const putLanguage = (language: unknown, headers: Record<string, string> = {}) =>
    call(server.app, 'PUT', '/api/auth/update/language', {
      as: user,
      body: { language },
      headers,
    });
  const me = async () =>
    (await call(server.app, 'GET', '/api/auth/me', { as: user })).json<{
      language: unknown;
    }>().language;

  it('is null until chosen, then kept, in me and in the login reply', async () => {
    expect(await me()).toBeNull();
    const res = await putLanguage('es');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', language: 'es', userId: user.id });
    expect(res.json<{ message: string }>().message).toBe('Language updated');
    expect(await me()).toBe('es');
    const login = await call(server.app, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json<{ language: unknown }>().language).toBe('es');
  });

  it('choosing the same language again is a success; the reply is in the caller language', async () => {
    const res = await putLanguage('en', { 'accept-language': 'es-MX,es;q=0.9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe('Idioma actualizado');
    const again = await putLanguage('en', { 'accept-language': 'es' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await me()).toBe('en');
  });

  it('refuses a language the app does not speak, or none, with a 400 in the caller language', async () => {
    for (const bad of ['fr', 'EN', '', null]) {
      const res = await putLanguage(bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('Language must be "en" or "es".');
    }
    const spanish = await putLanguage('de', { 'accept-language': 'es' });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json<{ message: string }>().message).toBe('El idioma debe ser "en" o "es".');
    const wrongType = await putLanguage(7);
    expect(wrongType.statusCode).toBe(400);
    expect(await me()).toBe('en');
  });

  it('refuses a signed-out caller', async () => {
    const res = await call(server.app, 'PUT', '/api/auth/update/language', {
      body: { language: 'es' },
    });
    expect(res.statusCode).toBe(401);
  });
});
