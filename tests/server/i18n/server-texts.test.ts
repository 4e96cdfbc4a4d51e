// The server's last English-only replies in the caller's language (issue 21): orders (refusals,
// moves, placing, the rate limits), cargo item writes, taken usernames and emails, and the
// plumbing's refusals (no such endpoint, cross-site, claimed identity, Idempotency-Key, bad
// JSON, nesting, NUL, path ids, the secure channel and handshake) say the Spanish of
// src/locales/es/server.json with `Accept-Language: es` and their English, as before, without.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adminOrderRoundPath,
  cancelOrderPath,
  ORDER_PATHS,
  orderStatusPath,
  userOrdersPath,
} from '#shared/contracts/orders';
import { CARGO_ITEMS_PATH, cargoItemPath } from '#shared/contracts/cargo';
import {
  dropDatabaseUnderApp,
  startTestServer,
  testDialects,
  useSignedInUser,
  useTestServer,
} from '../../support/build-app.ts';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignedInUser,
  createSignup,
  createTestRound,
  createUser,
  uniqueUsername,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { clientOrder, guestOrder } from '../orders/order-helpers.ts';
import { expectBoth, messageOf, SPANISH, spanish, type Send } from './both-languages.ts';

describe('orders, cargo and registration in the caller’s language', () => {
  const server = useTestServer('sqlite', { rateLimitScale: 1000 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });
  const db = () => server.app.ctx.opened.db;

  it('order refusals: not found, not your round, final states, not your history', async () => {
    const client = await createSignedInUser(db());
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', cancelOrderPath(999_999), { as: client, body: {}, headers }),
      404,
      'Order not found.',
      'server.orders.notFound',
    );
    const round = await createTestRound(db());
    const volunteer = await createSignedInUser(db(), { role: 'VOLUNTEER' });
    const outsider = await createSignedInUser(db(), { role: 'VOLUNTEER' });
    await createSignup(db(), round, volunteer.id, 'CONFIRMED');
    const open = await createOrderOnRound(db(), round, { userId: client.id });
    const setStatus = (who: typeof volunteer, orderId: number, status: string) => (h: object) =>
      call(server.app, 'PUT', orderStatusPath(orderId), {
        as: who,
        body: { status },
        headers: h as Record<string, string>,
      });
    // A select: each language names the action asked for (the helper fills no selects).
    const refusals = {
      PROCESSING: [
        "Only a volunteer confirmed on this order's round can start its delivery.",
        'Solo un voluntario confirmado en la ronda de este pedido puede iniciar su entrega.',
      ],
      COMPLETED: [
        "Only a volunteer confirmed on this order's round can complete it.",
        'Solo un voluntario confirmado en la ronda de este pedido puede marcarlo como completado.',
      ],
    };
    for (const [status, [english, inSpanish]] of Object.entries(refusals)) {
      for (const [headers, said] of [
        [{}, english],
        [SPANISH, inSpanish],
      ] as const) {
        const res = await setStatus(outsider, open, status)(headers);
        expect(res.statusCode, res.body).toBe(403);
        expect(messageOf(res)).toBe(said);
      }
    }
    await expectBoth(
      setStatus(volunteer, open, 'CANCELLED'),
      400,
      'status: only PROCESSING or COMPLETED can be set here.',
      'server.orders.statusNotSettable',
    );

    const completed = await createOrderOnRound(db(), round, { status: 'COMPLETED' });
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', cancelOrderPath(completed), { as: admin, body: {}, headers }),
      409,
      'This order was already completed and can no longer be cancelled.',
      'server.orders.completedNoCancel',
    );
    await expectBoth(
      setStatus(volunteer, completed, 'COMPLETED'),
      409,
      'This order was already completed.',
      'server.orders.alreadyCompleted',
    );
    const processing = await createOrderOnRound(db(), round, { status: 'PROCESSING' });
    await expectBoth(
      setStatus(volunteer, processing, 'PROCESSING'),
      409,
      'This order is already being delivered.',
      'server.orders.alreadyProcessing',
    );
    const cancelled = await createOrderOnRound(db(), round, { status: 'CANCELLED' });
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', cancelOrderPath(cancelled), { as: admin, body: {}, headers }),
      409,
      'This order was cancelled.',
      'server.orders.wasCancelled',
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'PUT', adminOrderRoundPath(completed), {
          as: admin,
          body: { roundId: null },
          headers,
        }),
      409,
      'This order was already completed and can no longer be moved.',
      'server.orders.completedNoMove',
    );
    const other = await createUser(db());
    await expectBoth(
      (headers) => call(server.app, 'GET', userOrdersPath(other.id), { as: client, headers }),
      403,
      'You can only see your own orders.',
      'server.orders.ownOnly',
    );
  });

  it('an admin moves an order to a round and off it', async () => {
    const round = await createTestRound(db());
    const orderId = await createOrderOnRound(db(), null);
    const move = (roundId: number | null) => (headers: Record<string, string>) =>
      call(server.app, 'PUT', adminOrderRoundPath(orderId), {
        as: admin,
        body: { roundId },
        headers,
      });
    await expectBoth(move(round), 200, 'Order moved.', 'server.orders.moved');
    await expectBoth(
      move(null),
      200,
      'Order removed from its round.',
      'server.orders.removedFromRound',
    );
  });

  it('cargo items added and updated', async () => {
    const itemBody = () => ({
      name: `Socks ${randomUUID().slice(0, 8)}`,
      description: 'Wool',
      category: 'Clothing',
      quantity: 5,
    });
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', CARGO_ITEMS_PATH, { as: admin, body: itemBody(), headers }),
      201,
      'Item added.',
      'server.cargo.itemAdded',
    );
    const item = await createCatalogueItem(db());
    await expectBoth(
      (headers) =>
        call(server.app, 'PUT', cargoItemPath(item.id), { as: admin, body: itemBody(), headers }),
      200,
      'Item updated.',
      'server.cargo.itemUpdated',
    );
  });

  it('a taken username or email', async () => {
    const existing = await createUser(db());
    const create = (fields: object) => (headers: Record<string, string>) =>
      call(server.app, 'POST', '/api/admin/user/create', {
        as: admin,
        body: { role: 'CLIENT', ...fields },
        headers,
      });
    await expectBoth(
      create({ username: existing.username.toUpperCase() }),
      409,
      'This username is already taken. Please try a different username.',
      'server.auth.usernameTaken',
    );
    await expectBoth(
      create({ username: uniqueUsername('other'), email: existing.email }),
      409,
      'This email is already registered. Please use a different email or try logging in.',
      'server.auth.emailTaken',
    );
  });
});

// The PostgreSQL path places the order and stores its reply in one statement (issue 18).
describe.each(testDialects())('orders placed in the caller’s language (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const db = () => server.app.ctx.opened.db;

  it('a client order and a guest order placed', async () => {
    const item = await createCatalogueItem(db(), { quantity: 1000 });
    const items = [{ itemName: item.name, quantity: 1 }];
    await expectBoth(
      async (headers) => {
        const client = await createSignedInUser(db());
        return call(server.app, 'POST', ORDER_PATHS.create, {
          as: client,
          body: clientOrder(client.id, items),
          headers,
        });
      },
      200,
      'Order placed successfully.',
      'server.orders.placed',
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', ORDER_PATHS.guestCreate, {
          body: guestOrder(items, { email: `${uniqueUsername('g')}@example.org` }),
          headers,
        }),
      200,
      'Order placed successfully. Please save your order ID.',
      'server.orders.guestPlaced',
    );
  });
});

describe('order rate limits in the caller’s language', () => {
  // Per address and minute: guests 20 × 0.1 = 2, clients 30 × 0.1 = 3; per account and hour
  // 10 × 0.1 = 1. Counted before the body is checked, so empty bodies count.
  const server = useTestServer('sqlite', { rateLimitScale: 0.1 });

  it('too many orders from this address, from this account', async () => {
    const guest: Send = (headers) =>
      call(server.app, 'POST', ORDER_PATHS.guestCreate, { body: {}, headers });
    for (let i = 0; i < 2; i++) expect((await guest({})).statusCode).toBe(400);
    await expectBoth(
      guest,
      429,
      'Too many orders from this address. Try again later.',
      'server.orders.tooManyFromAddress',
    );
    const client = await createSignedInUser(server.app.ctx.opened.db);
    const order: Send = (headers) =>
      call(server.app, 'POST', ORDER_PATHS.create, { as: client, body: {}, headers });
    expect((await order({})).statusCode).toBe(400);
    await expectBoth(
      order,
      429,
      'Too many orders from this account. Try again later.',
      'server.orders.tooManyFromAccount',
    );
  });
});

describe('the plumbing’s refusals in the caller’s language', () => {
  const server = useTestServer('sqlite', { rateLimitScale: 1000 });
  const client = useSignedInUser(server);
  const admin = useSignedInUser(server, { role: 'ADMIN' });
  const feedback = { name: 'Ana', phoneNumber: '5551234567', content: 'Thanks' };
  const submit =
    (payload: string, extra: Record<string, string> = {}) =>
    (headers: object) =>
      server.app.inject({
        method: 'POST',
        url: '/api/feedback/submit',
        headers: { 'content-type': 'application/json', ...extra, ...headers },
        payload,
      });

  it('no such endpoint, cross-site, a claimed identity that is not the caller', async () => {
    await expectBoth(
      (headers) => call(server.app, 'GET', '/api/no-such-thing', { headers }),
      404,
      'No such endpoint.',
      'server.errors.noSuchEndpoint',
    );
    await expectBoth(
      submit(JSON.stringify(feedback), { 'sec-fetch-site': 'cross-site' }),
      403,
      'Cross-site requests are not allowed.',
      'server.errors.crossSite',
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', ORDER_PATHS.create, {
          as: client,
          body: { userId: client.id + 1_000_000 },
          headers,
        }),
      403,
      'The userId does not match the signed-in user.',
      'server.errors.userIdMismatch',
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', CARGO_ITEMS_PATH, {
          as: admin,
          body: {},
          headers: { 'admin-username': 'someone-else', ...headers },
        }),
      403,
      'The admin username does not match the signed-in user.',
      'server.errors.adminUsernameMismatch',
    );
  });

  it('Idempotency-Key: a malformed key, a key reused for another request', async () => {
    const cancel = (key: string, orderId: number) => (headers: Record<string, string>) =>
      call(server.app, 'POST', cancelOrderPath(orderId), {
        as: client,
        body: {},
        headers: { 'idempotency-key': key, ...headers },
      });
    await expectBoth(
      cancel('has spaces', 1),
      400,
      'Idempotency-Key must be 1 to 100 printable characters without spaces (a UUID).',
      'server.errors.idempotencyKey',
    );
    const reused: Send = async (headers) => {
      const key = randomUUID();
      expect((await cancel(key, 999_998)(headers)).statusCode).toBe(404);
      return cancel(key, 999_997)(headers);
    };
    await expectBoth(
      reused,
      422,
      'This Idempotency-Key was already used for a different request.',
      'server.errors.idempotencyKeyReused',
    );
  });

  it('a stored refusal is replayed in the words the caller was told', async () => {
    const key = randomUUID();
    const cancel = () =>
      call(server.app, 'POST', cancelOrderPath(999_996), {
        as: client,
        body: {},
        headers: { 'idempotency-key': key, ...SPANISH },
      });
    expect(messageOf(await cancel())).toBe(spanish('server.orders.notFound'));
    const replay = await cancel();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(messageOf(replay)).toBe(spanish('server.orders.notFound'));
  });

  it('bad JSON, too deep, NUL, a bad path id', async () => {
    const badJson = await submit('{"name":')({});
    expect(badJson.statusCode).toBe(400);
    // English: Fastify's own words, as before; Spanish: the catalogue's.
    expect(messageOf(badJson)).toMatch(/JSON/);
    const inSpanish = await submit('{"name":')(SPANISH);
    expect(inSpanish.statusCode).toBe(400);
    expect(messageOf(inSpanish)).toBe(spanish('server.errors.badBody'));
    await expectBoth(
      submit('['.repeat(65) + ']'.repeat(65)),
      400,
      'The JSON body is nested more than 64 levels deep.',
      'server.errors.tooDeep',
      { max: '64' },
    );
    await expectBoth(
      submit(JSON.stringify({ ...feedback, name: 'A\u0000na' })),
      400,
      'name: must not contain NUL characters',
      'server.errors.nul',
      { field: 'name' },
    );
    await expectBoth(
      (headers) =>
        server.app.inject({
          method: 'PUT',
          url: `${cargoItemPath('abc')}?image`,
          headers: {
            cookie: admin.cookie,
            'content-type': 'multipart/form-data; boundary=x',
            'admin-username': admin.username,
            ...headers,
          },
          payload: '--x--\r\n',
        }),
      400,
      'id: must be a whole number from 1 to 2147483647',
      'server.errors.badId',
      { field: 'id', max: '2147483647' },
    );
  });

  it('ids in paths and the guest history text, refused by zod', async () => {
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', cancelOrderPath('abc'), { as: client, body: {}, headers }),
      400,
      'orderId: must be a whole number from 1 to 2147483647',
      'server.errors.badId',
      { field: 'orderId', max: '2147483647' },
    );
    const guest = await call(server.app, 'GET', userOrdersPath('Guest'), {
      as: client,
      headers: SPANISH,
    });
    expect(guest.statusCode, guest.body).toBe(400);
    expect(messageOf(guest)).toBe('El historial de pedidos no está disponible para invitados.');
    const inEnglish = await call(server.app, 'GET', userOrdersPath('Guest'), { as: client });
    expect(messageOf(inEnglish)).toBe('Order history is not available for guest users.');
  });

  it('a handshake completed with a key that is not one', async () => {
    const initiated = await call(server.app, 'GET', '/api/security/initiate-handshake', {
      headers: { 'x-client-id': server.config.clientId, 'x-timestamp': String(Date.now()) },
    });
    expect(initiated.statusCode, initiated.body).toBe(200);
    const { sessionId } = initiated.json<{ sessionId: string }>();
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', '/api/security/complete-handshake', {
          body: { sessionId, clientPublicKey: 'not base64!' },
          headers,
        }),
      400,
      'clientPublicKey: The public key is not valid base64.',
      'server.security.badPublicKey',
    );
  });

  it('the secure channel and the handshake', async () => {
    await expectBoth(
      // Idempotency-Key: a header the cross-site guard takes as preflighted.
      submit(JSON.stringify(feedback), {
        'content-type': 'text/plain',
        'idempotency-key': randomUUID(),
      }),
      400,
      'A text/plain body must be encrypted and sent with X-Session-ID.',
      'server.security.mustEncrypt',
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'GET', '/api/health', {
          headers: { 'x-session-id': 'stale', ...headers },
        }),
      401,
      'The secure session has expired or is unknown. Please refresh the page.',
      'server.security.sessionExpired',
    );
    const handshake = (extra: Record<string, string>) => (headers: Record<string, string>) =>
      call(server.app, 'GET', '/api/security/initiate-handshake', {
        headers: {
          'x-client-id': server.config.clientId,
          'x-timestamp': String(Date.now()),
          ...extra,
          ...headers,
        },
      });
    await expectBoth(
      handshake({ 'x-client-id': 'someone-else' }),
      401,
      'Unknown client.',
      'server.security.unknownClient',
    );
    await expectBoth(
      handshake({ 'x-timestamp': 'noon' }),
      401,
      'X-Timestamp must be the time in unix milliseconds.',
      'server.security.timestampFormat',
    );
    await expectBoth(
      handshake({ 'x-timestamp': '1000' }),
      401,
      'X-Timestamp is too far from the server time.',
      'server.security.timestampSkew',
    );
    await expectBoth(
      handshake({ 'x-signature': 'AAAA' }),
      401,
      'The handshake signature does not verify.',
      'server.security.badSignature',
    );
  });
});

describe.runIf(testDialects().includes('postgres'))('not ready, in the caller’s language', () => {
  it('GET /api/ready once the database is gone', async () => {
    const own = await startTestServer('postgres');
    try {
      await dropDatabaseUnderApp(own.config.databaseUrl!);
      await expectBoth(
        (headers) => call(own.app, 'GET', '/api/ready', { headers }),
        503,
        'The server cannot serve requests right now. Try again shortly.',
        'server.errors.notReady',
      );
    } finally {
      await own.close();
    }
  });
});
