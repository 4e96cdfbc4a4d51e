// The mirror against the real endpoints: each role gets its own lists, and an order queued
// offline shows at once (optimistic row), then is replaced by the server's copy once sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrderPath, ORDER_PATHS } from '#shared/contracts/orders';
import { mirrorKey, mirrorRow, refreshMirror } from '#client/offline/mirror';
import { enqueue } from '#client/offline/outbox';
import { drainOutbox } from '#client/offline/replayer';
import { rememberSignedInUser } from '#client/offline/session-user-store';
import { createUser, signedInCookie } from '../../support/factories.ts';
import { newDevice } from './support/fake-db.ts';
import { startReplayServer, type ReplayServer } from './support/replay-server.ts';

describe('mirror refresh from the API', () => {
  let live: ReplayServer;
  beforeAll(async () => {
    live = await startReplayServer();
  });
  afterAll(async () => {
    await live.close();
  });

  async function signIn(role: 'CLIENT' | 'VOLUNTEER') {
    const serverDb = live.server.app.ctx.opened.db;
    const user = await createUser(serverDb, { role, password: null });
    live.client.setCookie(await signedInCookie(serverDb, user.id));
    const db = newDevice().open();
    const { id: userId, username, email, phone } = user;
    await rememberSignedInUser(db, { userId, username, role, email, phone });
    return { db, user };
  }

  it('refreshes a volunteer’s rounds and assigned orders, not a client’s orders', async () => {
    const { db } = await signIn('VOLUNTEER');
    expect(await refreshMirror(db, live.client.transport)).toEqual({
      catalogue: 'refreshed',
      myOrders: 'not-yours',
      assignedOrders: 'refreshed',
      allRounds: 'refreshed',
      myRounds: 'refreshed',
    });
    db.close();
  });

  it('shows a queued order at once and swaps in the server’s copy once sent', async () => {
    const { db, user } = await signIn('CLIENT');
    const payload = {
      userId: user.id,
      deliveryAddress: '1 Main St',
      phoneNumber: '5550001234',
      notes: 'Side door',
      items: [{ itemName: 'Warm socks', quantity: 2 }],
    };
    const local = mirrorRow('myOrders', 'local-1', { ...payload, status: 'PENDING' });
    await enqueue(db, {
      kind: 'order.create',
      label: 'New order',
      method: 'POST',
      path: ORDER_PATHS.create,
      payload,
      changes: [{ table: 'myOrders', key: local.key, row: local }],
    });
    // A refresh before the order went: the server has none, the queued one still shows.
    expect((await refreshMirror(db, live.client.transport)).myOrders).toBe('refreshed');
    expect((await db.myOrders.toArray()).map((r) => r.id)).toEqual(['local-1']);

    expect((await drainOutbox({ db, transport: live.client.transport })).sent).toBe(1);
    await refreshMirror(db, live.client.transport);
    const rows = await db.myOrders.toArray();
    expect(rows).toHaveLength(1);
    const orderId = (rows[0]!.data as { orderId: number }).orderId;
    expect(rows[0]!.key).toBe(mirrorKey('myOrders', orderId));

    // Cancel offline: the change shows, survives a refresh, and the server gets it once.
    const cancelled = mirrorRow('myOrders', orderId, {
      ...(rows[0]!.data as object),
      status: 'CANCELLED',
    });
    await enqueue(db, {
      kind: 'order.cancel',
      label: `Cancel order ${orderId}`,
      method: 'POST',
      path: cancelOrderPath(orderId),
      payload: { userId: user.id },
      entityKey: `order:${orderId}`,
      changes: [{ table: 'myOrders', key: cancelled.key, row: cancelled }],
    });
    await refreshMirror(db, live.client.transport);
    expect(((await db.myOrders.get(cancelled.key))?.data as { status: string }).status).toBe(
      'CANCELLED',
    );
    expect((await drainOutbox({ db, transport: live.client.transport })).sent).toBe(1);
    const stored = await live.server.app.ctx.opened.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('CANCELLED');
    live.client.setCookie(null);
    db.close();
  });
});
