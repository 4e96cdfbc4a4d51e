// wire-protocol.md "Who the caller is": identity and role come from the login session only;
// forged userId / adminUsername / Admin-Username are 403; claimed roles are ignored; requests a
// browser could send cross-site without a preflight are refused. Tried by an independent client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestServer } from '../support/build-app.ts';
import {
  adminHeaders,
  adminSession,
  cargoForm,
  catalogue,
  createCargoItem,
  createUser,
  letters,
  newClient,
  phone10,
  registerClient,
  securedClient,
  startServer,
  type Account,
  expectOk,
  expectSealed,
} from './harness.ts';
import { rec, recs, type Rec, type Reply } from './wire-client.ts';

/** A 403 error envelope; sealed when the request was sealed ("errors included"). */
function expect403(reply: Reply, sealed = false): void {
  expect(reply.status, reply.text).toBe(403);
  const body = rec(reply.json);
  expect(body.status).toBe('error');
  expect(typeof body.message).toBe('string');
  expect(typeof body.error).toBe('string');
  if (sealed) expectSealed(reply);
}

describe.each(testDialects())('independent client: who the caller is (%s)', (dialect) => {
  let server: TestServer;
  let admin: Account;
  let alice: Account;
  let bob: Account;
  let vol: Account;
  let item = '';
  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await adminSession(server);
    alice = await registerClient(server, 'alice');
    bob = await registerClient(server, 'bob');
    vol = await createUser(server, admin, 'VOLUNTEER');
    item = `Kit${letters(5)}`;
    expectOk(await createCargoItem(admin, { name: item, quantity: 100 }));
  });
  afterAll(async () => {
    await server.close();
  });

  const order = (a: Account, extra: Rec = {}): Rec => ({
    authenticated: true,
    userId: a.userId,
    userRole: 'CLIENT',
    deliveryAddress: '3 Elm St',
    notes: 'n',
    phoneNumber: a.phone,
    items: [{ itemName: item, quantity: 1 }],
    ...extra,
  });

  async function orderCount(a: Account): Promise<number> {
    const reply = await a.client.get(`/api/orders/user/${a.userId}`, {
      query: { authenticated: true, userRole: 'CLIENT', userId: a.userId },
    });
    expectOk(reply);
    return recs(rec(reply.json).orders, 'orders').length;
  }

  async function stock(): Promise<number> {
    const found = (await catalogue(newClient(server))).find((i) => i.name === item)!;
    return Number(found.totalQuantity ?? found.quantity ?? found.stock);
  }

  it('a userId naming someone else in an order body is a 403 (number or digit string) and creates nothing', async () => {
    const before = await orderCount(bob);
    expect403(
      await alice.client.post('/api/orders/create', order(alice, { userId: bob.userId })),
      true,
    );
    expect403(
      await alice.client.post('/api/orders/create', order(alice, { userId: String(bob.userId) })),
    );
    expect(await orderCount(bob)).toBe(before);
  });

  it("another user's order history (path and query userId) is a 403", async () => {
    expect403(
      await alice.client.get(`/api/orders/user/${bob.userId}`, {
        query: { authenticated: true, userRole: 'CLIENT', userId: bob.userId },
      }),
    );
    expect403(
      await alice.client.get(`/api/orders/user/${alice.userId}`, {
        query: { authenticated: true, userRole: 'CLIENT', userId: bob.userId },
      }),
    );
  });

  it("cancel with a forged userId is a 403; cancelling another client's order is refused", async () => {
    const created = await bob.client.post('/api/orders/create', order(bob));
    expectOk(created);
    const orderId = Number(rec(created.json).orderId);
    expect403(
      await alice.client.post(`/api/orders/${orderId}/cancel`, {
        authenticated: true,
        userId: bob.userId,
        userRole: 'CLIENT',
      }),
    );
    const own = await alice.client.post(`/api/orders/${orderId}/cancel`, {
      authenticated: true,
      userId: alice.userId,
      userRole: 'CLIENT',
    });
    expect([403, 404], own.text).toContain(own.status);
    const bobs = await bob.client.get(`/api/orders/user/${bob.userId}`, {
      query: { authenticated: true, userRole: 'CLIENT', userId: bob.userId },
    });
    const mine = recs(rec(bobs.json).orders).find((o) => o.orderId === orderId);
    expect(mine?.status).toBe('PENDING');
  });

  it('a profile update naming another userId is a 403', async () => {
    expect403(
      await alice.client.put('/api/auth/update/username', {
        userId: String(bob.userId),
        authenticated: true,
        newUsername: `hijack${letters(6)}`,
      }),
    );
    const me = await bob.client.get('/api/auth/me');
    expect(rec(me.json).username).toBe(bob.username);
  });

  it('an adminUsername in a body naming someone other than the signed-in admin is a 403', async () => {
    const username = `forged${letters(6)}`;
    expect403(
      await admin.client.post('/api/admin/user/create', {
        adminUsername: bob.username,
        authenticated: true,
        username,
        email: `${username}@example.org`,
        phone: phone10(),
        role: 'CLIENT',
        firstName: 'F',
        lastName: 'G',
      }),
    );
  });

  it('an Admin-Username header naming someone other than the signed-in admin is a 403', async () => {
    expect403(await admin.client.get('/api/admin/users', { headers: adminHeaders(bob.username) }));
    expect403(
      await admin.client.get('/api/feedback/all', { headers: adminHeaders('nosuchadmin') }),
    );
  });

  it("a CLIENT sending the real admin's name and authenticated=true is a 403 (the session's role decides)", async () => {
    expect403(
      await alice.client.get('/api/admin/users', { headers: adminHeaders(admin.username) }),
    );
    expect403(
      await alice.client.post('/api/volunteer/approve', {
        adminUsername: admin.username,
        authenticated: true,
        applicationId: '1',
      }),
    );
    expect403(
      await alice.client.post('/api/admin/rounds/create', {
        adminUsername: admin.username,
        authenticated: true,
        userRole: 'ADMIN',
        title: 't',
        description: 'd',
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        endTime: new Date(Date.now() + 90_000_000).toISOString(),
        location: 'l',
        maxParticipants: 1,
      }),
    );
  });

  it('a claimed userRole is ignored: a CLIENT claiming ADMIN or VOLUNTEER is refused, a VOLUNTEER claiming CLIENT is still served', async () => {
    expect403(
      await alice.client.get('/api/orders/all', {
        query: { authenticated: true, userId: alice.userId, userRole: 'ADMIN' },
      }),
    );
    expect403(
      await alice.client.get('/api/orders/volunteer/assigned', {
        query: { authenticated: true, userId: alice.userId, userRole: 'VOLUNTEER' },
      }),
    );
    const served = await vol.client.get('/api/orders/volunteer/assigned', {
      query: { authenticated: true, userId: vol.userId, userRole: 'CLIENT' },
    });
    expectOk(served);
    expect(rec(served.json).status).toBe('success');
  });

  it('signed out (no cookie) a client call is a 401, whatever authenticated/userId claim', async () => {
    const reply = await alice.client.get(`/api/orders/user/${alice.userId}`, {
      noCookies: true,
      query: { authenticated: true, userRole: 'CLIENT', userId: alice.userId },
    });
    expect(reply.status, reply.text).toBe(401);
    expect(rec(reply.json).status).toBe('error');
  });

  it('Sec-Fetch-Site: cross-site is refused with 403 and changes nothing', async () => {
    const before = await orderCount(alice);
    expect403(
      await alice.client.post('/api/orders/create', order(alice), {
        encrypt: false,
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      }),
    );
    expect403(
      await alice.client.post('/api/orders/create', order(alice), {
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      }),
      true,
    );
    expect(await orderCount(alice)).toBe(before);
  });

  it('a foreign Origin is refused with 403', async () => {
    const before = await orderCount(alice);
    expect403(
      await alice.client.post('/api/orders/create', order(alice), {
        encrypt: false,
        headers: { Origin: 'https://evil.example' },
      }),
    );
    expect(await orderCount(alice)).toBe(before);
  });

  it('a text/plain form post with the login cookie but no secure session is refused', async () => {
    const before = await orderCount(alice);
    const stockBefore = await stock();
    for (const [type, raw] of [
      ['text/plain', JSON.stringify(order(alice))],
      ['text/plain', 'deliveryAddress=x&items=y'],
      ['application/x-www-form-urlencoded', 'deliveryAddress=x&notes=y'],
    ] as const) {
      const reply = await alice.client.post('/api/orders/create', undefined, {
        raw,
        headers: { 'Content-Type': type },
      });
      expect(reply.status, `${type}: ${reply.text}`).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
    }
    expect(await orderCount(alice)).toBe(before);
    expect(await stock()).toBe(stockBefore);
  });

  it('a text/plain post to a public endpoint without a session is refused and stores nothing', async () => {
    const content = `csrf ${letters(8)}`;
    const anonymous = newClient(server);
    const reply = await anonymous.post('/api/feedback/submit', undefined, {
      raw: JSON.stringify({ name: 'x', phoneNumber: '5550000000', content }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    const all = await admin.client.get('/api/feedback/all', { headers: adminHeaders() });
    expect(recs(rec(all.json).data).some((f) => f.content === content)).toBe(false);
  });

  it('a multipart post with the admin cookie but no custom header (a plain cross-site form) is refused', async () => {
    const name = `Csrf${letters(6)}`;
    const reply = await admin.client.post('/api/cargo/items', undefined, {
      raw: cargoForm({ name, quantity: 1 }, 'field'),
    });
    expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect((await catalogue(admin.client)).some((i) => i.name === name)).toBe(false);
  });
  it('an encrypted request from a caller who never signed in gets a sealed 401 "not signed in"', async () => {
    const stranger = await securedClient(server);
    const reply = await stranger.post('/api/orders/create', order(alice));
    expect(reply.status, reply.text).toBe(401);
    expectSealed(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('error');
    expect(typeof body.error).toBe('string');
    expect(body.error, 'the secure session is neither unknown nor expired').not.toBe(
      'SESSION_EXPIRED',
    );
  });

  // DESIGN.md "Security rules" adds to wire-protocol.md: a secure session is bound to the login
  // made through it. Used without that login's cookie it is not this caller's session any more,
  // so the server answers as for an unknown one (plain 401 SESSION_EXPIRED) and serves nothing.
  it('an encrypted request whose login cookie was dropped is refused as SESSION_EXPIRED (bound session)', async () => {
    const reply = await alice.client.post('/api/orders/create', order(alice), { noCookies: true });
    expect(reply.status, reply.text).toBe(401);
    expect(rec(reply.json)).toMatchObject({ status: 'error', error: 'SESSION_EXPIRED' });
    expectOk(await alice.client.post('/api/orders/create', order(alice)));
  });

  it('signed out, an admin call with Admin-Username / Authentication-Status headers is a 401', async () => {
    const reply = await admin.client.get('/api/admin/users', {
      noCookies: true,
      headers: adminHeaders(),
    });
    expect(reply.status, reply.text).toBe(401);
    expect(rec(reply.json).status).toBe('error');
  });

  it('the server sends no CORS grants (preflight and simple requests)', async () => {
    const preflight = await alice.client.call('OPTIONS', '/api/orders/create', {
      noCookies: true,
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-session-id',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const simple = await alice.client.get('/api/cargo/items', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('same-origin requests (own Origin, Sec-Fetch-Site: same-origin) are served', async () => {
    const reply = await alice.client.post('/api/orders/create', order(alice), {
      headers: { Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin' },
    });
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
  });
});
