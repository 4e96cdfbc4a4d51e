// Catalogue, orders, feedback and volunteer applications as spec sections 3 and 7 and
// wire-protocol.md describe them, tried by an independent client.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestServer } from '../support/build-app.ts';
import {
  adminSession,
  catalogue,
  createCargoItem,
  isId,
  letters,
  newClient,
  phone10,
  registerClient,
  securedClient,
  startServer,
  totalOf,
  type Account,
  expectOk,
  expectSealed,
} from './harness.ts';
import { ISO_UTC_Z, rec, recs, type Rec } from './wire-client.ts';

describe.each(testDialects())('independent client: catalogue and orders (%s)', (dialect) => {
  let server: TestServer;
  let admin: Account;
  let socks = '';
  let soap = '';
  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await adminSession(server);
    socks = `Socks${letters(5)}`;
    soap = `Soap${letters(5)}`;
    const a = await createCargoItem(admin, {
      name: socks,
      description: 'Wool socks',
      category: 'Clothing',
      quantity: 40,
      sizeQuantities: { S: 10, M: 20, L: 10 },
    });
    expectOk(a);
    const b = await createCargoItem(admin, {
      name: soap,
      description: 'Bar soap',
      category: 'Hygiene',
      quantity: 50,
    });
    expectOk(b);
  });
  afterAll(async () => {
    await server.close();
  });

  function orderBody(a: Account, extra: Rec = {}): Rec {
    return {
      authenticated: true,
      userId: a.userId,
      userRole: 'CLIENT',
      deliveryAddress: '12 Harbour St',
      notes: 'leave at the door',
      phoneNumber: a.phone,
      items: [
        { itemName: `${socks} (M)`, quantity: 1 },
        { itemName: soap, quantity: 2 },
      ],
      ...extra,
    };
  }

  async function history(a: Account): Promise<Rec[]> {
    const reply = await a.client.get(`/api/orders/user/${a.userId}`, {
      query: { authenticated: true, userRole: 'CLIENT', userId: a.userId },
    });
    expectOk(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    return recs(body.orders, 'orders');
  }

  it('GET /api/cargo/items (signed out) lists items with the section 3 fields', async () => {
    const items = await catalogue(newClient(server));
    const item = items.find((i) => i.name === socks);
    expect(item, JSON.stringify(items)).toBeDefined();
    for (const field of ['id', 'name', 'description', 'category', 'imageId', 'sizeQuantities']) {
      expect(item, field).toHaveProperty(field);
    }
    expect(item).toMatchObject({ description: 'Wool socks', category: 'Clothing' });
    expect(item!.sizeQuantities).toEqual({ S: 10, M: 20, L: 10 });
    expect(totalOf(item!)).toBe(40);
  });

  it('client order create (encrypted) replies status, a numeric orderId and orderStatus PENDING', async () => {
    const a = await registerClient(server);
    const reply = await a.client.post('/api/orders/create', orderBody(a));
    expectOk(reply);
    expect(reply.encrypted).toBe(true);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    expect(isId(body.orderId)).toBe(true);
    expect(body.orderStatus).toBe('PENDING');
  });

  it('order create accepts userId as a digit string', async () => {
    const a = await registerClient(server);
    const reply = await a.client.post(
      '/api/orders/create',
      orderBody(a, { userId: String(a.userId) }),
    );
    expectOk(reply);
    expect(isId(rec(reply.json).orderId)).toBe(true);
  });

  it('Idempotency-Key: the same body again (fresh IV) returns the same orderId and stores one order', async () => {
    const a = await registerClient(server);
    const key = randomUUID();
    const body = orderBody(a);
    const first = await a.client.post('/api/orders/create', body, {
      headers: { 'Idempotency-Key': key },
    });
    const again = await a.client.post('/api/orders/create', body, {
      headers: { 'Idempotency-Key': key },
    });
    expectOk(first);
    expectOk(again);
    expect(again.encrypted).toBe(true);
    expect(rec(again.json).orderId).toBe(rec(first.json).orderId);
    expect(await history(a)).toHaveLength(1);
  });

  it('Idempotency-Key: the same body as plain JSON is replayed too', async () => {
    const a = await registerClient(server);
    const key = randomUUID();
    const opts = { encrypt: false, headers: { 'Idempotency-Key': key } };
    const first = await a.client.post('/api/orders/create', orderBody(a), opts);
    const again = await a.client.post('/api/orders/create', orderBody(a), opts);
    expectOk(first);
    expect(rec(again.json).orderId).toBe(rec(first.json).orderId);
    expect(await history(a)).toHaveLength(1);
  });

  it('Idempotency-Key: the same key with a different body is a 422 and creates nothing', async () => {
    const a = await registerClient(server);
    const key = randomUUID();
    const first = await a.client.post('/api/orders/create', orderBody(a), {
      headers: { 'Idempotency-Key': key },
    });
    expectOk(first);
    const other = await a.client.post('/api/orders/create', orderBody(a, { notes: 'another' }), {
      headers: { 'Idempotency-Key': key },
    });
    expect(other.status, other.text).toBe(422);
    expectSealed(other);
    const body = rec(other.json);
    expect(body.status).toBe('error');
    expect(typeof body.message).toBe('string');
    expect(typeof body.error).toBe('string');
    expect(await history(a)).toHaveLength(1);
  });

  it('guest order create replies status, orderId, orderStatus PENDING and message', async () => {
    const guest = await securedClient(server);
    const reply = await guest.post('/api/orders/guest/create', {
      firstName: 'Gale',
      lastName: 'Guest',
      email: `guest${letters(6)}@example.org`,
      phone: phone10(),
      deliveryAddress: 'Under the bridge',
      notes: 'Gale Guest: blue tent',
      items: [{ itemName: soap, quantity: 1 }],
    });
    expectOk(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    expect(isId(body.orderId)).toBe(true);
    expect(body.orderStatus).toBe('PENDING');
    expect(typeof body.message).toBe('string');
  });

  it('order history: status, orders with the section 3 fields, ids as numbers, requestTime in UTC with Z', async () => {
    const a = await registerClient(server);
    const created = rec((await a.client.post('/api/orders/create', orderBody(a))).json);
    const orders = await history(a);
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order).toMatchObject({
      orderId: created.orderId,
      status: 'PENDING',
      orderType: 'CLIENT',
      userId: a.userId,
      deliveryAddress: '12 Harbour St',
      phoneNumber: a.phone,
      notes: 'leave at the door',
    });
    expect(String(order.requestTime)).toMatch(ISO_UTC_Z);
    expect(Math.abs(Date.parse(String(order.requestTime)) - Date.now())).toBeLessThan(10 * 60_000);
    const items = recs(order.orderItems, 'orderItems');
    expect(items.map((i) => [i.itemName, i.quantity]).sort()).toEqual(
      [
        [`${socks} (M)`, 1],
        [soap, 2],
      ].sort(),
    );
  });

  it('cancel: replies a message; the order is no longer PENDING in the history; a second cancel is a 409', async () => {
    const a = await registerClient(server);
    const orderId = Number(
      rec((await a.client.post('/api/orders/create', orderBody(a))).json).orderId,
    );
    const before = totalOf((await catalogue(a.client)).find((i) => i.name === soap)!);
    const reply = await a.client.post(`/api/orders/${orderId}/cancel`, {
      authenticated: true,
      userId: a.userId,
      userRole: 'CLIENT',
    });
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    expect(typeof rec(reply.json).message).toBe('string');
    const listed = (await history(a)).find((o) => o.orderId === orderId);
    if (listed !== undefined) expect(listed.status).toBe('CANCELLED');
    const after = totalOf((await catalogue(a.client)).find((i) => i.name === soap)!);
    expect(after).toBe(before + 2);
    const again = await a.client.post(`/api/orders/${String(orderId)}/cancel`, {
      authenticated: true,
      userId: String(a.userId),
      userRole: 'CLIENT',
    });
    expect(again.status, again.text).toBe(409);
    expect(rec(again.json).status).toBe('error');
  });

  it('cancel of an order that does not exist is a 404', async () => {
    const a = await registerClient(server);
    const reply = await a.client.post('/api/orders/987654321/cancel', {
      authenticated: true,
      userId: a.userId,
      userRole: 'CLIENT',
    });
    expect(reply.status, reply.text).toBe(404);
    expect(rec(reply.json).status).toBe('error');
  });

  it('an order for more than is in stock is a 409 and reserves nothing', async () => {
    const a = await registerClient(server);
    const before = (await catalogue(a.client)).find((i) => i.name === socks)!;
    const reply = await a.client.post(
      '/api/orders/create',
      orderBody(a, { items: [{ itemName: `${socks} (L)`, quantity: 999 }] }),
    );
    expect(reply.status, reply.text).toBe(409);
    expectSealed(reply);
    expect(rec(reply.json).status).toBe('error');
    const after = (await catalogue(a.client)).find((i) => i.name === socks)!;
    expect(after.sizeQuantities).toEqual(before.sizeQuantities);
  });

  it('a wrong type (quantity "two") is a 400 whose message names the field', async () => {
    const a = await registerClient(server);
    const reply = await a.client.post(
      '/api/orders/create',
      orderBody(a, { items: [{ itemName: soap, quantity: 'two' }] }),
    );
    expect(reply.status, reply.text).toBe(400);
    expectSealed(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('error');
    expect(String(body.message).toLowerCase()).toContain('quantity');
  });

  it('feedback submit {name, phoneNumber, content} succeeds; unknown fields are ignored', async () => {
    const c = await securedClient(server);
    const reply = await c.post('/api/feedback/submit', {
      name: 'Robin',
      phoneNumber: '5551112222',
      content: 'Thanks for the socks',
      somethingExtra: { nested: true },
    });
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
  });

  it('feedback submit without content is a 400 whose message names the field', async () => {
    const c = await securedClient(server);
    const reply = await c.post('/api/feedback/submit', {
      name: 'Robin',
      phoneNumber: '5551112222',
    });
    expect(reply.status, reply.text).toBe(400);
    const body = rec(reply.json);
    expect(body.status).toBe('error');
    expect(String(body.message).toLowerCase()).toContain('content');
  });

  it('volunteer apply with the application fields (submissionTime in unix seconds) succeeds', async () => {
    const c = await securedClient(server);
    const reply = await c.post('/api/volunteer/apply', {
      firstName: 'Val',
      lastName: 'Unteer',
      email: `val${letters(6)}@example.org`,
      phone: '+1 (555) 123-4567',
      notes: 'Weekends',
      submissionTime: Math.floor(Date.now() / 1000),
    });
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
  });
  it('Idempotency-Key is scoped to the caller: another client using the same key gets its own order', async () => {
    const a = await registerClient(server);
    const b = await registerClient(server);
    const key = randomUUID();
    const first = await a.client.post('/api/orders/create', orderBody(a), {
      headers: { 'Idempotency-Key': key },
    });
    const second = await b.client.post('/api/orders/create', orderBody(b), {
      headers: { 'Idempotency-Key': key },
    });
    expectOk(first);
    expectOk(second);
    expect(rec(second.json).orderId).not.toBe(rec(first.json).orderId);
    expect(await history(b)).toHaveLength(1);
  });

  it('Idempotency-Key on a cancel: the replay returns the first reply again (not a conflict)', async () => {
    const a = await registerClient(server);
    const orderId = Number(
      rec((await a.client.post('/api/orders/create', orderBody(a))).json).orderId,
    );
    const key = randomUUID();
    const body = { authenticated: true, userId: a.userId, userRole: 'CLIENT' };
    const first = await a.client.post(`/api/orders/${orderId}/cancel`, body, {
      headers: { 'Idempotency-Key': key },
    });
    const again = await a.client.post(`/api/orders/${orderId}/cancel`, body, {
      headers: { 'Idempotency-Key': key },
    });
    expectOk(first);
    expect(again.status, again.text).toBe(first.status);
    expect(again.json).toEqual(first.json);
  });

  it('Idempotency-Key on a guest order: the replay returns the same orderId', async () => {
    const guest = await securedClient(server);
    const key = randomUUID();
    const body = {
      firstName: 'Gil',
      lastName: 'Guest',
      email: `gil${letters(6)}@example.org`,
      phone: phone10(),
      deliveryAddress: 'Corner of 5th',
      notes: 'Gil Guest: red coat',
      items: [{ itemName: soap, quantity: 1 }],
    };
    const first = await guest.post('/api/orders/guest/create', body, {
      headers: { 'Idempotency-Key': key },
    });
    const again = await guest.post('/api/orders/guest/create', body, {
      headers: { 'Idempotency-Key': key },
    });
    expectOk(first);
    expect(rec(again.json).orderId).toBe(rec(first.json).orderId);
  });

  it('a reply to a plain JSON request is plain JSON', async () => {
    const a = await registerClient(server);
    const reply = await a.client.post('/api/orders/create', orderBody(a), { encrypt: false });
    expectOk(reply);
    expect(reply.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    expect(rec(reply.json).status).toBe('success');
  });

  it('a body that is not JSON is a 400 error envelope', async () => {
    const c = newClient(server);
    const reply = await c.post('/api/feedback/submit', undefined, {
      raw: '{"name": "x", "content": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(reply.status, reply.text).toBe(400);
    expect(rec(reply.json).status).toBe('error');
    expect(typeof rec(reply.json).error).toBe('string');
  });

  it('a body far too large is a 413 error envelope', async () => {
    const c = newClient(server);
    const reply = await c.post(
      '/api/feedback/submit',
      { name: 'big', phoneNumber: '5551112222', content: 'x'.repeat(5 * 1024 * 1024) },
      { encrypt: false },
    );
    expect(reply.status, reply.text.slice(0, 200)).toBe(413);
    expect(rec(reply.json).status).toBe('error');
    expect(typeof rec(reply.json).error).toBe('string');
  });

  it('a body of a wrong type (application/xml) is a 415 error envelope', async () => {
    const c = newClient(server);
    const reply = await c.post('/api/feedback/submit', undefined, {
      raw: '<feedback><content>x</content></feedback>',
      headers: { 'Content-Type': 'application/xml', 'Idempotency-Key': randomUUID() },
    });
    expect(reply.status, reply.text).toBe(415);
    expect(rec(reply.json).status).toBe('error');
    expect(typeof rec(reply.json).error).toBe('string');
  });

  it('an unknown API path is a 404 error envelope', async () => {
    const reply = await newClient(server).get('/api/no/such/thing');
    expect(reply.status, reply.text).toBe(404);
    expect(rec(reply.json).status).toBe('error');
    expect(typeof rec(reply.json).message).toBe('string');
    expect(typeof rec(reply.json).error).toBe('string');
  });
});
