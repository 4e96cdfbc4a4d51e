import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';

const WRITES = [
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/register'],
  ['PUT', '/api/auth/update/username'],
  ['PUT', '/api/auth/update/email'],
  ['PUT', '/api/auth/update/password'],
  ['PUT', '/api/auth/update/phone'],
  ['POST', '/api/auth/password/request-reset'],
  ['POST', '/api/auth/password/verify-reset'],
] as const;

const FIELDS = [
  'username',
  'password',
  'email',
  'phone',
  'newUsername',
  'newEmail',
  'newPassword',
  'newPhone',
  'currentPassword',
  'otp',
];

describe.each(testDialects())('bad input to the account calls (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  let cookie: string;
  beforeAll(async () => {
    cookie = (await createSignedInUser(server.app.ctx.opened.db)).cookie;
  });

  const send = (method: 'POST' | 'PUT', url: string, payload: string) =>
    server.app.inject({
      method,
      url,
      headers: { cookie, 'content-type': 'application/json' },
      payload,
    });

  const bodies: [string, string][] = [
    ['malformed JSON', '{"username": '],
    ['a JSON string', '"hello"'],
    ['a JSON array', '[1,2]'],
    ['wrong types', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, 12345])))],
    ['nested objects', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, { $ne: 1 }])))],
    ['missing fields', '{}'],
    ['huge strings', JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, 'a'.repeat(5000)])))],
  ];

  for (const [method, url] of WRITES) {
    it(`${method} ${url} answers 4xx with a message, never 5xx`, async () => {
      for (const [what, payload] of bodies) {
        const res = await send(method, url, payload);
        expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
        const body = res.json<{ status: string; message: string }>();
        expect(body.status).toBe('error');
        expect(body.message.length).toBeGreaterThan(0);
      }
    });
  }

  it('names the field in a type error', async () => {
    const res = await send(
      'POST',
      '/api/auth/login',
      JSON.stringify({ username: 1, password: 'x' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/username/);
  });

  it('refuses a body larger than the limit with 413', async () => {
    const res = await send(
      'POST',
      '/api/auth/register',
      JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024) }),
    );
    expect(res.statusCode).toBe(413);
  });
});
