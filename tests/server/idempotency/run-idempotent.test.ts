import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';
import { runIdempotent } from '#server/idempotency/run-idempotent';
import { pruneKeys } from '#server/idempotency/idempotency.repository';
import { conflict } from '#server/errors';

const PATH = '/api/test/idempotent-write';
/** The same write for signed-in callers only. */
const SIGNED_IN_PATH = '/api/test/idempotent-write-signed-in';

/** What the next run of the test route does besides writing. */
const behaviour = { refuse: false, crash: false, delayMs: 0 };

// A write route built on runIdempotent, only for this test: it stores a feedback row and
// may refuse (409, after writing, so the rollback shows) or crash (a 500).
function addTestRoute(app: FastifyInstance, path: string, access: 'public' | 'signedIn'): void {
  app.post(path, { config: { access, idempotent: true } }, async (request, reply) => {
    const body = request.body as { content: string };
    return runIdempotent(request, reply, app.ctx.opened.db, async (trx) => {
      const row = await trx
        .insertInto('feedback')
        .values({
          phone_number: '555',
          content: body.content,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (behaviour.delayMs > 0) await new Promise((r) => setTimeout(r, behaviour.delayMs));
      if (behaviour.refuse) throw conflict('Refused for the test.');
      if (behaviour.crash) throw new Error('crash for the test');
      return { statusCode: 201, body: { status: 'success', id: row.id } };
    });
  });
}

describe.each(testDialects())('runIdempotent (%s)', (dialect) => {
  const server = useTestServer(dialect);
  beforeAll(async () => {
    addTestRoute(server.app, PATH, 'public');
    addTestRoute(server.app, SIGNED_IN_PATH, 'signedIn');
  });
  beforeEach(() => {
    Object.assign(behaviour, { refuse: false, crash: false, delayMs: 0 });
  });

  const rowsWith = async (content: string) =>
    (
      await server.app.ctx.opened.db
        .selectFrom('feedback')
        .select('id')
        .where('content', '=', content)
        .execute()
    ).length;

  const post = (content: string, key?: string, extra: Record<string, string> = {}, url = PATH) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { ...(key === undefined ? {} : { 'idempotency-key': key }), ...extra },
      payload: { content },
    });

  it('runs every request without a key', async () => {
    const content = `nokey-${dialect}`;
    expect((await post(content)).statusCode).toBe(201);
    expect((await post(content)).statusCode).toBe(201);
    expect(await rowsWith(content)).toBe(2);
  });

  it('replays the first reply for the same key and body, writing once', async () => {
    const content = `replay-${dialect}`;
    const key = crypto.randomUUID();
    const first = await post(content, key);
    const second = await post(content, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await rowsWith(content)).toBe(1);
  });

  it('refuses the same key with another body or path with 422', async () => {
    const key = crypto.randomUUID();
    expect((await post(`a-${dialect}`, key)).statusCode).toBe(201);
    const other = await post(`b-${dialect}`, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ status: 'error', error: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await rowsWith(`b-${dialect}`)).toBe(0);
    const otherPath = await server.app.inject({
      method: 'POST',
      url: `${PATH}?x=1`,
      headers: { 'idempotency-key': key },
      payload: { content: `a-${dialect}` },
    });
    expect(otherPath.statusCode).toBe(422);
  });

  it('writes exactly once when duplicates arrive at the same time', async () => {
    behaviour.delayMs = 150;
    const content = `concurrent-${dialect}`;
    const key = crypto.randomUUID();
    const replies = await Promise.all([1, 2, 3, 4].map(() => post(content, key)));
    const bodies = replies.map((r) => r.json<unknown>());
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await rowsWith(content)).toBe(1);
  });

  it('stores a domain refusal (and undoes its writes) so a replay gets the same verdict', async () => {
    const content = `refused-${dialect}`;
    const key = crypto.randomUUID();
    behaviour.refuse = true;
    const first = await post(content, key);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({
      status: 'error',
      error: 'CONFLICT',
      message: 'Refused for the test.',
    });
    expect(await rowsWith(content)).toBe(0);
    behaviour.refuse = false; // the world changed; the stored verdict stands
    const again = await post(content, key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first.json());
    expect(await rowsWith(content)).toBe(0);
  });

  it('stores nothing for a crash, so a retry runs afresh', async () => {
    const content = `crash-${dialect}`;
    const key = crypto.randomUUID();
    behaviour.crash = true;
    const first = await post(content, key);
    expect(first.statusCode).toBe(500);
    expect(await rowsWith(content)).toBe(0);
    behaviour.crash = false;
    const retry = await post(content, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await rowsWith(content)).toBe(1);
  });

  it('scopes keys to the caller on a route for signed-in users', async () => {
    const db = server.app.ctx.opened.db;
    const alice = await createSignedInUser(db);
    const bob = await createSignedInUser(db);
    const content = `scoped-${dialect}`;
    const key = crypto.randomUUID();
    const as = (user: { cookie: string }) =>
      post(content, key, { cookie: user.cookie }, SIGNED_IN_PATH);
    expect((await as(alice)).statusCode).toBe(201);
    expect((await as(bob)).headers['idempotent-replayed']).toBeUndefined();
    expect((await as(alice)).headers['idempotent-replayed']).toBe('true');
    expect(await rowsWith(content)).toBe(2);
  });

  // A device may send a public form with a login that ended and again after signing in (or
  // the reverse): one scope for the route, or the retry writes twice (outbox model test).
  it('keeps one scope on a public route, signed in or not', async () => {
    const alice = await createSignedInUser(server.app.ctx.opened.db);
    const content = `public-scope-${dialect}`;
    const key = crypto.randomUUID();
    expect((await post(content, key)).statusCode).toBe(201);
    const asAlice = await post(content, key, { cookie: alice.cookie });
    expect(asAlice.headers['idempotent-replayed']).toBe('true');
    expect(await rowsWith(content)).toBe(1);
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    const content = `badkey-${dialect}`;
    for (const key of ['', 'x'.repeat(101), 'has space']) {
      const res = await post(content, key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', error: 'BAD_REQUEST' });
    }
    expect((await post(content, 'k'.repeat(100))).statusCode).toBe(201);
    expect(await rowsWith(content)).toBe(1);
  });

  it('prunes keys older than the cut-off and keeps newer ones', async () => {
    const db = server.app.ctx.opened.db;
    const row = (key: string, createdAt: string) => ({
      scope: 'anon',
      key,
      method: 'POST',
      path: PATH,
      request_hash: 'h',
      status_code: 201,
      reply_json: '{}',
      created_at: createdAt,
    });
    await db
      .insertInto('idempotency_keys')
      .values([
        row('old-key', '2000-01-01T00:00:00.000Z'),
        row('new-key', '2999-01-01T00:00:00.000Z'),
      ])
      .execute();
    expect(await pruneKeys(db, new Date('2001-01-01T00:00:00.000Z'))).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('idempotency_keys').select('key').execute();
    expect(left.map((r) => r.key)).toContain('new-key');
    expect(left.map((r) => r.key)).not.toContain('old-key');
  });
});
