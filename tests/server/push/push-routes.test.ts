// Web Push subscriptions (issue 19; beyond-spec.md section 3): the public key, subscribe and
// unsubscribe, on both dialects. Subscriptions outside PUSH_HOSTS, to http:, to a bare IP or
// with keys that are not a P-256 point / 16-byte secret are 400s with the contract's message;
// an endpoint posted by another person moves to them; DELETE removes only the caller's own;
// each person keeps at most SUBSCRIPTIONS_PER_USER; deleting an account takes its rows along.
// The VAPID pair is made once per database: two apps starting at once on one database serve
// the same public key.
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#shared/contracts/notifications';
import { SUBSCRIPTIONS_PER_USER } from '#server/push/push.service';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { english } from '../../support/english.ts';

const PATH = NOTIFICATION_PATHS.pushSubscriptions;

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

const fcm = () => `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`;
const subscription = (endpoint = fcm()) => ({
  endpoint,
  expirationTime: null,
  keys: browserKeys(),
});

describe.each(testDialects())('push subscriptions (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 100 });
  const db = () => server.app.ctx.opened.db;
  const rowsOf = (userId: number) =>
    db()
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('serves the VAPID public key to anyone: a base64url P-256 point, the same each time', async () => {
    const res = await call(server.app, 'GET', NOTIFICATION_PATHS.pushPublicKey);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; publicKey: string }>();
    expect(body.status).toBe('success');
    const point = Buffer.from(body.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    const again = await call(server.app, 'GET', NOTIFICATION_PATHS.pushPublicKey);
    expect(again.json<{ publicKey: string }>().publicKey).toBe(body.publicKey);
  });

  it('stores a subscription (201) and the same endpoint again is one row with the new keys', async () => {
    const user = await createSignedInUser(db());
    const sub = subscription();
    const res = await call(server.app, 'POST', PATH, { as: user, body: { subscription: sub } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'success' });
    const again = { ...sub, keys: browserKeys() };
    expect(
      (await call(server.app, 'POST', PATH, { as: user, body: { subscription: again } }))
        .statusCode,
    ).toBe(201);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      endpoint: sub.endpoint,
      p256dh: again.keys.p256dh,
      auth: again.keys.auth,
    });
  });

  it.each([
    ['http:', 'http://fcm.googleapis.com/fcm/send/x', english(NOTIFICATION_MESSAGES.endpoint)],
    [
      'a host off PUSH_HOSTS',
      'https://attacker.example/push',
      english(NOTIFICATION_MESSAGES.endpointHost),
    ],
    ['an IP literal', 'https://10.0.0.5/push', english(NOTIFICATION_MESSAGES.endpointHost)],
    ['localhost', 'https://localhost:8080/api/admin', english(NOTIFICATION_MESSAGES.endpointHost)],
    [
      'a wildcard’s bare domain',
      'https://push.apple.com/x',
      english(NOTIFICATION_MESSAGES.endpointHost),
    ],
  ])('refuses an endpoint on %s with a 400 naming it', async (_, endpoint, message) => {
    const user = await createSignedInUser(db());
    const res = await call(server.app, 'POST', PATH, {
      as: user,
      body: { subscription: subscription(endpoint) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 'error',
      error: 'BAD_REQUEST',
      message: `subscription.endpoint: ${message}`,
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('refuses keys that are not a P-256 point or a 16-byte secret', async () => {
    const user = await createSignedInUser(db());
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const bad = [
      [
        { ...browserKeys(), p256dh: offCurve },
        `subscription.keys.p256dh: ${english(NOTIFICATION_MESSAGES.p256dh)}`,
      ],
      [
        { ...browserKeys(), auth: randomBytes(8).toString('base64url') },
        `subscription.keys.auth: ${english(NOTIFICATION_MESSAGES.auth)}`,
      ],
    ] as const;
    for (const [keys, message] of bad) {
      const res = await call(server.app, 'POST', PATH, {
        as: user,
        body: { subscription: { endpoint: fcm(), keys } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('moves an endpoint to whoever subscribes it next (a shared device)', async () => {
    const first = await createSignedInUser(db());
    const second = await createSignedInUser(db());
    const sub = subscription();
    await call(server.app, 'POST', PATH, { as: first, body: { subscription: sub } });
    const res = await call(server.app, 'POST', PATH, { as: second, body: { subscription: sub } });
    expect(res.statusCode).toBe(201);
    expect(await rowsOf(first.id)).toEqual([]);
    expect((await rowsOf(second.id)).map((r) => r.endpoint)).toEqual([sub.endpoint]);
  });

  it('DELETE removes only the caller’s own endpoint', async () => {
    const owner = await createSignedInUser(db());
    const other = await createSignedInUser(db());
    const sub = subscription();
    await call(server.app, 'POST', PATH, { as: owner, body: { subscription: sub } });
    const byOther = await call(server.app, 'DELETE', PATH, {
      as: other,
      body: { endpoint: sub.endpoint },
    });
    expect(byOther.statusCode).toBe(200);
    expect(await rowsOf(owner.id)).toHaveLength(1);
    const byOwner = await call(server.app, 'DELETE', PATH, {
      as: owner,
      body: { endpoint: sub.endpoint },
    });
    expect(byOwner.statusCode).toBe(200);
    expect(await rowsOf(owner.id)).toEqual([]);
    const signedOut = await call(server.app, 'DELETE', PATH, { body: { endpoint: sub.endpoint } });
    expect(signedOut.statusCode).toBe(401);
  });

  it(`keeps at most ${SUBSCRIPTIONS_PER_USER} devices per person, dropping the oldest`, async () => {
    const user = await createSignedInUser(db());
    const endpoints: string[] = [];
    for (let i = 0; i < SUBSCRIPTIONS_PER_USER + 2; i += 1) {
      const sub = subscription();
      endpoints.push(sub.endpoint);
      const res = await call(server.app, 'POST', PATH, { as: user, body: { subscription: sub } });
      expect(res.statusCode).toBe(201);
    }
    const kept = (await rowsOf(user.id)).map((r) => r.endpoint);
    expect(kept.sort()).toEqual(endpoints.slice(2).sort());
  });

  it('deleting the account deletes its subscriptions', async () => {
    const user = await createSignedInUser(db());
    await call(server.app, 'POST', PATH, { as: user, body: { subscription: subscription() } });
    expect(await rowsOf(user.id)).toHaveLength(1);
    await db().deleteFrom('users').where('id', '=', user.id).execute();
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('two apps (at once on PostgreSQL) on one database make and serve one VAPID pair', async () => {
    // A fresh database: the pair is made at the first start.
    const { startTestServer } = await import('../../support/build-app.ts');
    const fresh = await startTestServer(dialect);
    try {
      await fresh.app.ctx.opened.db
        .deleteFrom('server_secrets')
        .where('name', '=', 'vapid-keys')
        .execute();
      // SQLite serves one process (two starting at once would contend for the migration lock).
      const [a, b] =
        dialect === 'postgres'
          ? await Promise.all([buildApp(fresh.config), buildApp(fresh.config)])
          : [await buildApp(fresh.config), await buildApp(fresh.config)];
      try {
        expect(a.pushKeys.publicKey).toBe(b.pushKeys.publicKey);
        expect(a.pushKeys.privateKey).toBe(b.pushKeys.privateKey);
        const stored = await fresh.app.ctx.opened.db
          .selectFrom('server_secrets')
          .select('value')
          .where('name', '=', 'vapid-keys')
          .executeTakeFirstOrThrow();
        expect(stored.value.startsWith(`${a.pushKeys.publicKey}.`)).toBe(true);
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await fresh.close();
    }
  });
});
