// POST /api/orders/create validates its body with its route schema (issue 15): a bad body is
// the same 400 with the same "field: message" plain or encrypted, and the per-account order
// limit counts before validation, so a body the schema refuses still counts (a script must
// not probe the order form for free). The texts are written out: they are the wire's.
import { randomUUID } from 'node:crypto';
import { decryptJson } from '#shared/secure-channel/index';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  startTestServer,
  testDialects,
  useTestServer,
  type TestServer,
} from '../../support/build-app.ts';
import { createSignedInUser, type SignedInUser } from '../../support/factories.ts';
import { handshake, sendEncrypted } from '../security/secure-client.ts';

const CREATE = '/api/orders/create';

const validOrder = (extra: object = {}) => ({
  deliveryAddress: '12 Main St, under the bridge',
  phoneNumber: '5551234567',
  notes: 'Mornings are best',
  items: [{ itemName: 'Socks', quantity: 1 }],
  ...extra,
});

/** Bodies the route schema refuses, and the message each gets. */
const REFUSED: [label: string, body: unknown, message: string][] = [
  [
    'a quantity in words',
    validOrder({ items: [{ itemName: 'Socks', quantity: 'two' }] }),
    'items.0.quantity: must be a whole number',
  ],
  [
    'no item name',
    validOrder({ items: [{ itemName: '  ', quantity: 1 }] }),
    'items.0.itemName: is required',
  ],
  [
    'an address too long',
    validOrder({ deliveryAddress: 'x'.repeat(501) }),
    'deliveryAddress: must be at most 500 characters',
  ],
  ['items not a list', validOrder({ items: 'socks' }), 'items: must be a list of items'],
];

function plainOrder(server: TestServer, user: SignedInUser, body: unknown) {
  return server.app.inject({
    method: 'POST',
    url: CREATE,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** The reply's status and JSON, the encrypted reply opened with the session's key. */
async function verdict(res: LightMyRequestResponse, key?: CryptoKey) {
  const json = key === undefined ? res.json<unknown>() : await decryptJson(key, res.body);
  return { status: res.statusCode, json };
}

async function orderCount(server: TestServer, userId: number): Promise<number> {
  const rows = await server.app.ctx.opened.db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

describe.each(testDialects())('POST /api/orders/create: the body schema (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });

  it('refuses a bad body with the same 400 and message, plain or encrypted, placing nothing', async () => {
    const user = await createSignedInUser(server.app.ctx.opened.db);
    const session = await handshake(server);
    for (const [label, body, message] of REFUSED) {
      const expected = { status: 400, json: { status: 'error', error: 'BAD_REQUEST', message } };
      expect(await verdict(await plainOrder(server, user, body)), label).toMatchObject(expected);
      const sealed = await sendEncrypted(server, session, {
        method: 'POST',
        url: CREATE,
        body,
        headers: { cookie: user.cookie },
      });
      expect(await verdict(sealed, session.key), `${label} (encrypted)`).toMatchObject(expected);
    }
    expect(await orderCount(server, user.id)).toBe(0);
  });

  it("still answers a missing body with the spec's own message, after the schema", async () => {
    const user = await createSignedInUser(server.app.ctx.opened.db);
    const res = await server.app.inject({
      method: 'POST',
      url: CREATE,
      headers: { cookie: user.cookie, 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Your cart is empty.' });
  });
});

describe('POST /api/orders/create: refused bodies count toward the account limit (sqlite)', () => {
  it('holds the account back after 10 tries an hour, whether the schema refused them or not', async () => {
    // Limits at their real size (rateLimitScale 1): 10 an account and hour, 30 an address.
    const server = await startTestServer('sqlite');
    try {
      const db = server.app.ctx.opened.db;
      const user = await createSignedInUser(db);
      const session = await handshake(server);
      for (let i = 0; i < 10; i += 1) {
        const [label, body, message] = REFUSED[i % REFUSED.length]!;
        // Half of them sealed: a decrypted body is validated (and counted) alike.
        const res =
          i % 2 === 0
            ? await plainOrder(server, user, body)
            : await sendEncrypted(server, session, {
                method: 'POST',
                url: CREATE,
                body,
                headers: { cookie: user.cookie },
              });
        const key = i % 2 === 0 ? undefined : session.key;
        expect(await verdict(res, key), label).toMatchObject({ status: 400, json: { message } });
      }
      // Had the limit counted after validation, none of the 10 would have counted.
      const eleventh = await plainOrder(server, user, validOrder());
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toMatchObject({
        status: 'error',
        error: 'RATE_LIMITED',
        message: 'Too many orders from this account. Try again later.',
      });
      expect(await orderCount(server, user.id)).toBe(0);
      // The account is held, not the address: another client there still orders.
      const other = await createSignedInUser(db);
      const theirs = await plainOrder(server, other, validOrder());
      expect(theirs.statusCode, theirs.body).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('does not count a caller the access check refused', async () => {
    const server = await startTestServer('sqlite');
    try {
      const db = server.app.ctx.opened.db;
      const volunteer = await createSignedInUser(db, { role: 'VOLUNTEER' });
      for (let i = 0; i < 12; i += 1) {
        expect((await plainOrder(server, volunteer, validOrder())).statusCode).toBe(403);
      }
      // Made a client: its account has placed nothing, so it is not held back.
      await db
        .updateTable('users')
        .set({ role: 'CLIENT' })
        .where('id', '=', volunteer.id)
        .execute();
      const first = await plainOrder(server, volunteer, validOrder());
      expect(first.statusCode, first.body).toBe(200);
    } finally {
      await server.close();
    }
  });
});
