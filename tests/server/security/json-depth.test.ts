// beyond-spec.md "Cheap refusals": a JSON body nested deeper than 64 levels is a 400, whatever
// the headers — plain or encrypted, with or without an Idempotency-Key (whose hash of the body
// used to recurse into a 100,000-level body and overflow the stack: a 500).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptText } from '#shared/secure-channel/index';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';
import { multipart } from '../cargo/cargo-kit.ts';
import { handshake, openReply, sendEncrypted } from './secure-client.ts';

const FEEDBACK = '/api/feedback/submit';

/** A feedback body whose nesting is `depth` levels in all (the body object is level 1). */
function feedbackText(depth: number): string {
  const inner = '['.repeat(depth - 1) + ']'.repeat(depth - 1);
  return `{"name":"Sam","phoneNumber":"5550001111","content":"depth ${String(depth)}","extra":${inner}}`;
}

const TOO_DEEP = 'The JSON body is nested more than 64 levels deep.';

describe.each(testDialects())('JSON depth limit (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 100 });

  async function plain(depth: number, idempotencyKey?: string) {
    return server.app.inject({
      method: 'POST',
      url: FEEDBACK,
      headers: {
        'content-type': 'application/json',
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      payload: feedbackText(depth),
    });
  }

  async function encrypted(depth: number, idempotencyKey?: string) {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: FEEDBACK,
      raw: await encryptText(session.key, feedbackText(depth)),
      headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
    });
    return { status: res.statusCode, body: await openReply(session, res) };
  }

  it.each([63, 64])('takes a plain body %i levels deep, with an Idempotency-Key', async (depth) => {
    const res = await plain(depth, randomUUID());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
  });

  it.each([65, 100_000])(
    'refuses a plain body %i levels deep (400 with a message), with and without a key',
    async (depth) => {
      for (const key of [randomUUID(), undefined]) {
        const res = await plain(depth, key);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ status: 'error', error: 'BAD_REQUEST', message: TOO_DEEP });
      }
    },
  );

  it.each([63, 64])(
    'takes an encrypted body %i levels deep, with an Idempotency-Key',
    async (depth) => {
      const res = await encrypted(depth, randomUUID());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success' });
    },
  );

  it.each([65, 100_000])(
    'refuses an encrypted body %i levels deep (400, encrypted), with and without a key',
    async (depth) => {
      for (const key of [randomUUID(), undefined]) {
        const res = await encrypted(depth, key);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ status: 'error', error: 'BAD_REQUEST', message: TOO_DEEP });
      }
    },
  );

  it("refuses an item's multipart 'data' 30,000 levels deep (within its 64 KiB), with a key", async () => {
    const admin = await createSignedInUser(server.app.ctx.opened.db, { role: 'ADMIN' });
    const deep = '['.repeat(30_000) + ']'.repeat(30_000);
    const body = await multipart([
      ['data', `{"name":"Deep socks","quantity":3,"category":"Clothing","extra":${deep}}`],
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/cargo/items',
      headers: { ...body.headers, cookie: admin.cookie, 'idempotency-key': randomUUID() },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', error: 'BAD_REQUEST', message: TOO_DEEP });
  });
});
