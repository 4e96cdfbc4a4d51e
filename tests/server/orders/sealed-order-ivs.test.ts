// The IV of an encrypted keyed order (issue 18): on PostgreSQL the order's own statement
// records it (place_sealed_orders), on SQLite the secure channel as before. Either way the
// session counts the message once, stops at its cap, and counts a message it refused.
import { describe, expect, it } from 'vitest';
import { encryptJson, type SecureSession } from '#shared/secure-channel/index';
import { SECURE_SESSION_MAX_MESSAGES } from '#server/security/secure-sessions.repository';
import { testDialects, useTestServer, type TestServer } from '../../support/build-app.ts';
import { createCatalogueItem } from '../../support/factories.ts';
import { expectPlainError, handshake, ivRows, sendEncrypted } from '../security/secure-client.ts';
import { guestOrder } from './order-helpers.ts';

const GUEST_CREATE = '/api/orders/guest/create';

async function messageCount(server: TestServer, session: SecureSession): Promise<number> {
  const row = await server.app.ctx.opened.db
    .selectFrom('secure_sessions')
    .select('message_count')
    .where('id', '=', session.sessionId)
    .executeTakeFirstOrThrow();
  return row.message_count;
}

async function guestOrders(server: TestServer): Promise<number> {
  const rows = await server.app.ctx.opened.db
    .selectFrom('orders')
    .select('id')
    .where('order_type', '=', 'GUEST')
    .execute();
  return rows.length;
}

/** A guest order of its own (contacts differ, so the guest limits never refuse it). */
function ownGuestOrder(n: number): object {
  return guestOrder([{ itemName: 'Socks', quantity: 1 }], {
    email: `guest${String(n)}@example.org`,
    phone: `555000${String(1000 + n)}`,
  });
}

function key(n: number): Record<string, string> {
  return { 'idempotency-key': `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` };
}

describe.each(testDialects())('the IV of an encrypted keyed order (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });

  it('records the IV once with the order, and a resent copy places nothing more', async () => {
    await createCatalogueItem(server.app.ctx.opened.db, { name: 'Socks', quantity: 500 });
    const session = await handshake(server);
    const before = await guestOrders(server);
    const raw = await encryptJson(session.key, ownGuestOrder(1));
    const send = () =>
      sendEncrypted(server, session, { method: 'POST', url: GUEST_CREATE, raw, headers: key(1) });
    expect((await send()).statusCode).toBe(200);
    expect(await ivRows(server, session)).toBe(1);
    expect(await messageCount(server, session)).toBe(1);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await messageCount(server, session)).toBe(1);
    expect(await guestOrders(server)).toBe(before + 1);
  });

  it('counts a keyed order its schema refuses', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: GUEST_CREATE,
      body: { items: 'not a list' },
      headers: key(2),
    });
    expect(res.statusCode).toBe(400);
    expect(await ivRows(server, session)).toBe(1);
    expect(await messageCount(server, session)).toBe(1);
  });

  it('lets exactly one of racing orders take the session last place; the rest are SESSION_EXPIRED and place nothing', async () => {
    const session = await handshake(server);
    await server.app.ctx.opened.db
      .updateTable('secure_sessions')
      .set({ message_count: SECURE_SESSION_MAX_MESSAGES - 1 })
      .where('id', '=', session.sessionId)
      .execute();
    const before = await guestOrders(server);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sendEncrypted(server, session, {
          method: 'POST',
          url: GUEST_CREATE,
          body: ownGuestOrder(10 + i),
          headers: key(10 + i),
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401, 401, 401, 401]);
    for (const res of replies.filter((r) => r.statusCode === 401)) {
      expectPlainError(res, 401, 'SESSION_EXPIRED');
    }
    expect(await messageCount(server, session)).toBe(SECURE_SESSION_MAX_MESSAGES);
    expect(await guestOrders(server)).toBe(before + 1);
  });
});
