// Validation refusals in the caller's language (issue 21): a request zod refuses gets the
// catalogue's message for the kind, naming the field, in the Accept-Language; English
// keeps what callers already read (zod's wording where tests assert it, a contract's own
// message exactly). Through the real server for what routes reach, and zodRefusal on small
// schemas (parsed as the route validator parses) for every kind.
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '#server/errors';
import { LOCALES_DIR, readCatalogue } from '#server/i18n/catalogue-files';
import { zodRefusal } from '#server/plugins/zod-refusal';
import { useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { call } from '../../support/inject.ts';

const es = readCatalogue(path.join(LOCALES_DIR, 'es', 'server.json'));
const SPANISH = { 'accept-language': 'es-419,es;q=0.9' };

/** The es catalogue's text with plain {placeholders} filled (no plural or select in it). */
function spanish(id: string, values: Record<string, string>): string {
  const text = es[id];
  if (text === undefined) throw new Error(`no ${id} in es/server.json`);
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? `{${name}}`);
}

/** What a route says for `input` against `schema`, in a language. */
function refusalOf(schema: z.ZodType, input: unknown, language: 'en' | 'es'): string {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('the input passed');
  return envelopeOf(zodRefusal(result.error), language).message;
}

describe('validation refusals, every kind', () => {
  const person = z.object({
    name: z.string().min(2).max(5),
    age: z.number().int().min(0).max(130),
    tags: z.array(z.string()).min(1).max(2),
    role: z.enum(['CLIENT', 'VOLUNTEER']),
    email: z.email(),
    note: z.string({ error: 'must be text' }).optional(),
  });
  const good = { name: 'Ana', age: 30, tags: ['a'], role: 'CLIENT', email: 'a@example.org' };
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'missing',
      { name: undefined },
      'name: is required',
      spanish('server.validation.required', { field: 'name' }),
    ],
    [
      'wrong type',
      { age: 'old' },
      'age: Invalid input: expected number, received string',
      'age: el tipo de dato no es válido: se esperaba un número y llegó texto',
    ],
    [
      'too short',
      { name: 'A' },
      'name: must be at least 2 characters long',
      'name: debe tener al menos 2 caracteres',
    ],
    [
      'too long',
      { name: 'Abcdef' },
      'name: must be at most 5 characters long',
      'name: puede tener como máximo 5 caracteres',
    ],
    [
      'too small',
      { age: -1 },
      'age: Too small: expected number to be >=0',
      'age: debe ser mayor o igual que 0',
    ],
    [
      'too big',
      { age: 131 },
      'age: Too big: expected number to be <=130',
      'age: debe ser menor o igual que 130',
    ],
    [
      'too few items',
      { tags: [] },
      'tags: must have at least 1 item',
      'tags: debe tener al menos 1 elemento',
    ],
    [
      'too many items',
      { tags: ['a', 'b', 'c'] },
      'tags: must have at most 2 items',
      'tags: puede tener como máximo 2 elementos',
    ],
    [
      'not one of the options',
      { role: 'BOSS' },
      'role: must be one of "CLIENT", "VOLUNTEER"',
      'role: debe ser uno de estos valores: "CLIENT", "VOLUNTEER"',
    ],
    [
      'bad format',
      { email: 'not-an-email' },
      'email: is not a valid email address',
      'email: no es un correo electrónico válido',
    ],
    // A contract's own message stays exact in English; Spanish says the kind.
    [
      'contract message',
      { note: 7 },
      'note: must be text',
      'note: el tipo de dato no es válido: se esperaba texto y llegó un número',
    ],
  ];

  it.each(cases)('%s: English and Spanish, naming the field', (_kind, change, english, es) => {
    expect(refusalOf(person, { ...good, ...change }, 'en')).toBe(english);
    expect(refusalOf(person, { ...good, ...change }, 'es')).toBe(es);
  });

  it('parsed without reportInput (a handler’s own parse): English as zod said it, Spanish "not valid"', () => {
    const result = person.safeParse({ ...good, age: 'old' });
    if (result.success) throw new Error('the input passed');
    const refusal = zodRefusal(result.error);
    expect(envelopeOf(refusal, 'en').message).toBe(
      'age: Invalid input: expected number, received string',
    );
    expect(envelopeOf(refusal, 'es').message).toBe(
      spanish('server.validation.invalid', { field: 'age' }),
    );
  });

  it('a refusal of the whole request names no field', () => {
    expect(refusalOf(person, [], 'en')).toBe('The request is not valid.');
    expect(refusalOf(person, [], 'es')).toBe(spanish('server.validation.request', {}));
  });
});

describe('validation refusals through the server', () => {
  const server = useTestServer('sqlite', { rateLimitScale: 1000 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });
  const messageOf = (res: LightMyRequestResponse) => res.json<{ message: string }>().message;

  it('a wrong type (sign-in): zod’s English kept, Spanish from the catalogue', async () => {
    const body = { username: 5, password: 'x' };
    const english = await call(server.app, 'POST', '/api/auth/login', { body });
    expect(english.statusCode).toBe(400);
    expect(messageOf(english)).toBe('username: Invalid input: expected string, received number');
    const res = await call(server.app, 'POST', '/api/auth/login', { body, headers: SPANISH });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(
      'username: el tipo de dato no es válido: se esperaba texto y llegó un número',
    );
    expect(res.json()).toMatchObject({ status: 'error', error: 'BAD_REQUEST' });
  });

  it('a number too big (audit page size), and text too long (volunteer application)', async () => {
    const tooBig = await call(server.app, 'GET', '/api/admin/audit?limit=501', {
      as: admin,
      headers: SPANISH,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(messageOf(tooBig)).toBe('limit: debe ser menor o igual que 500');
    const long = 'x'.repeat(101);
    const body = { firstName: long, lastName: 'B', email: 'b@example.org', phone: '5551234567' };
    const english = await call(server.app, 'POST', '/api/volunteer/apply', { body });
    expect(english.statusCode).toBe(400);
    expect(messageOf(english)).toBe('firstName: must be at most 100 characters long');
    const res = await call(server.app, 'POST', '/api/volunteer/apply', { body, headers: SPANISH });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('firstName: puede tener como máximo 100 caracteres');
  });
});
