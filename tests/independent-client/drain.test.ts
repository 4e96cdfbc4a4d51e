// Issue 14 item 3 tried as an attacker would, by the independent client (documented API only,
// over the secure channel): drain the catalogue with one guest order, repeat guest orders from
// one phone, pile up a client's orders. Each attempt must be refused with a 409 that says why
// (beyond-spec.md section 1 "Supplies can't be drained"), and nothing be reserved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestServer } from '../support/build-app.ts';
import {
  adminHeaders,
  adminSession,
  catalogue,
  createCargoItem,
  expectOk,
  expectSealed,
  letters,
  registerClient,
  securedClient,
  startServer,
  totalOf,
  type Account,
} from './harness.ts';
import { rec, type Rec } from './wire-client.ts';

describe.each(testDialects())('independent client: draining supplies (%s)', (dialect) => {
  let server: TestServer;
  let admin: Account;
  const naloxone = `Naloxone${letters(5)}`;
  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await adminSession(server);
    expectOk(await createCargoItem(admin, { name: naloxone, quantity: 25 }));
    expectOk(
      await createCargoItem(admin, {
        name: `Socks${letters(5)}`,
        sizeQuantities: { S: 15, L: 15 },
      }),
    );
    const items = await catalogue(admin.client, adminHeaders(admin.username));
    const id = items.find((i) => i.name === naloxone)?.id;
    expectOk(
      await admin.client.put(
        `/api/cargo/items/${String(id)}`,
        { maxPerOrder: 2 },
        {
          headers: adminHeaders(admin.username),
        },
      ),
    );
  });
  afterAll(async () => {
    await server.close();
  });

  function guestBody(items: Rec[], phone: string, email: string): Rec {
    return {
      firstName: 'Mallory',
      lastName: 'Taker',
      email,
      phone,
      deliveryAddress: 'Anywhere',
      notes: 'Mallory Taker: everything',
      items,
    };
  }

  it('one guest order for everything at full quantity is refused whole, naming each item', async () => {
    const guest = await securedClient(server);
    const items = await catalogue(guest);
    for (const item of items) expect(typeof item.maxPerOrder).toBe('number');
    const lines = items.flatMap((item): Rec[] => {
      const sizes = Object.entries(rec(item.sizeQuantities));
      if (sizes.length === 0) return [{ itemName: String(item.name), quantity: totalOf(item) }];
      return sizes.map(([size, q]) => ({
        itemName: `${String(item.name)} (${size})`,
        quantity: Number(q),
      }));
    });
    const reply = await guest.post(
      '/api/orders/guest/create',
      guestBody(lines, '4125550111', 'mallory@example.org'),
    );
    expectSealed(reply);
    expect(reply.status, reply.text).toBe(409);
    const message = String(rec(reply.json).message);
    expect(message).toContain(`${naloxone}: at most 2 per order`);
    for (const item of items) expect(message).toContain(`${String(item.name)}: at most`);
    // Nothing was reserved.
    const after = await catalogue(guest);
    expect(after.map(totalOf)).toEqual(items.map(totalOf));
  });

  it('one phone number gets 2 guest orders a day, however it is written', async () => {
    const guest = await securedClient(server);
    const line = [{ itemName: naloxone, quantity: 1 }];
    const phones = ['412-555-0122', '+1 412 555 0122', '(412) 5550122'];
    const statuses: number[] = [];
    for (const [i, phone] of phones.entries()) {
      const reply = await guest.post(
        '/api/orders/guest/create',
        guestBody(line, phone, `m${i}${letters(4)}@example.org`),
      );
      statuses.push(reply.status);
      if (reply.status === 409) expect(String(rec(reply.json).message)).toMatch(/24 hours/);
    }
    expect(statuses).toEqual([200, 200, 409]);
  });

  it('a client gets 3 open orders at once', async () => {
    const a = await registerClient(server);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const reply = await a.client.post('/api/orders/create', {
        authenticated: true,
        userId: a.userId,
        userRole: 'CLIENT',
        deliveryAddress: '12 Harbour St',
        notes: 'door',
        phoneNumber: a.phone,
        items: [{ itemName: `Custom ${letters(4)}`, quantity: 1 }],
      });
      statuses.push(reply.status);
      if (reply.status === 409) expect(String(rec(reply.json).message)).toMatch(/3 open orders/);
    }
    expect(statuses).toEqual([200, 200, 200, 409]);
  });
});
