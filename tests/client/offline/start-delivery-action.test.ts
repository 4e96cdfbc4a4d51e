// The volunteer's "Start delivery" as an outbox action (kind order.startDelivery) against a
// real server: its optimistic change on the mirrored order, sent once even when the reply is
// lost, kept in order with a Complete queued after it, and undone when the server refuses it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '#client/offline/app-db';
import { mirrorRow } from '#client/offline/mirror';
import { enqueue } from '#client/offline/outbox';
import type { OutboxTransport } from '#client/offline/outbox-transport';
import { drainOutbox } from '#client/offline/replayer';
import { rememberSignedInUser } from '#client/offline/session-user-store';
import { VOLUNTEER_KINDS } from '#client/offline/actions';
import {
  completeOrderAction,
  startDeliveryAction,
} from '#client/features/volunteer/volunteer-actions';
import type { OrderEntry } from '#client/features/volunteer/volunteer-data';
import { ORDER_PATHS, type OrderReply } from '#shared/contracts/orders';
import type { OrderStatus } from '#server/db/schema';
import {
  createOrderOnRound,
  createSignedInUser,
  createSignup,
  createTestRound,
  type SignedInUser,
} from '../../support/factories.ts';
import { newDevice } from './support/fake-db.ts';
import { startReplayServer, type ReplayServer } from './support/replay-server.ts';

describe('Start delivery through the outbox', () => {
  let live: ReplayServer;
  let volunteer: SignedInUser;
  let round: number;
  const devices: AppDb[] = [];
  const serverDb = () => live.server.app.ctx.opened.db;

  beforeAll(async () => {
    live = await startReplayServer();
    volunteer = await createSignedInUser(serverDb(), { role: 'VOLUNTEER', password: null });
    live.client.setCookie(volunteer.cookie);
    round = await createTestRound(serverDb(), { startsInMs: 2 * 60 * 60 * 1000 });
    await createSignup(serverDb(), round, volunteer.id, 'CONFIRMED');
  });
  afterEach(() => {
    for (const db of devices.splice(0)) db.close();
  });
  afterAll(async () => {
    await live.close();
  });

  /** A device of the signed-in volunteer holding the assigned order as the server sent it. */
  async function deviceWithOrder(orderId: number): Promise<{ db: AppDb; entry: OrderEntry }> {
    const db = newDevice().open();
    devices.push(db);
    await rememberSignedInUser(db, {
      userId: volunteer.id,
      username: volunteer.username,
      role: 'VOLUNTEER',
      email: null,
      phone: null,
    });
    const reply = await live.client.transport({
      method: 'GET',
      path: ORDER_PATHS.volunteerAssigned,
    });
    const orders = (reply.body as { orders: OrderReply[] }).orders;
    const order = orders.find((o) => o.orderId === orderId);
    if (order === undefined) throw new Error(`order ${orderId} is not assigned`);
    const row = mirrorRow('assignedOrders', orderId, order, { position: 0 });
    await db.assignedOrders.put(row);
    return { db, entry: { order, row } };
  }

  const mirroredStatus = async (db: AppDb, entry: OrderEntry) =>
    ((await db.assignedOrders.get(entry.row.key))?.data as OrderReply | undefined)?.status;

  async function serverOrder(orderId: number) {
    return serverDb()
      .selectFrom('orders')
      .select(['status', 'updated_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
  }

  const setServerStatus = (orderId: number, status: OrderStatus) =>
    serverDb().updateTable('orders').set({ status }).where('id', '=', orderId).execute();

  it('shows PROCESSING at once and the server has it after the drain', async () => {
    const orderId = await createOrderOnRound(serverDb(), round);
    const { db, entry } = await deviceWithOrder(orderId);
    const action = startDeliveryAction(entry, volunteer.id);
    expect(action).toMatchObject({
      kind: VOLUNTEER_KINDS.startDelivery,
      method: 'PUT',
      payload: { status: 'PROCESSING', userId: volunteer.id, userRole: 'VOLUNTEER' },
      entityKey: `order:${orderId}`,
    });
    const seq = await enqueue(db, action);
    expect(await mirroredStatus(db, entry)).toBe('PROCESSING');
    expect((await serverOrder(orderId)).status).toBe('PENDING');

    const result = await drainOutbox({ db, transport: live.client.transport });
    expect(result).toMatchObject({ sent: 1, rejected: 0 });
    expect((await db.outbox.get(seq))?.status).toBe('done');
    expect((await serverOrder(orderId)).status).toBe('PROCESSING');
    expect(await mirroredStatus(db, entry)).toBe('PROCESSING');
  });

  it('is applied once when the reply is lost after the server committed it', async () => {
    const orderId = await createOrderOnRound(serverDb(), round);
    const { db, entry } = await deviceWithOrder(orderId);
    const seq = await enqueue(db, startDeliveryAction(entry, volunteer.id));
    const losingReply: OutboxTransport = async (request) => {
      await live.client.transport(request);
      throw new TypeError('Failed to fetch');
    };
    expect((await drainOutbox({ db, transport: losingReply })).sent).toBe(0);
    const committed = await serverOrder(orderId);
    expect(committed.status).toBe('PROCESSING');
    expect((await db.outbox.get(seq))?.status).toBe('queued');

    expect((await drainOutbox({ db, transport: live.client.transport })).sent).toBe(1);
    const row = await db.outbox.get(seq);
    expect(row).toMatchObject({ status: 'done', verdict: { status: 200 } });
    // The same key got the stored reply: the order was not written again.
    expect(await serverOrder(orderId)).toEqual(committed);
  });

  it('sends a Complete queued after it in order, so the order ends COMPLETED', async () => {
    const orderId = await createOrderOnRound(serverDb(), round);
    const { db, entry } = await deviceWithOrder(orderId);
    await enqueue(db, startDeliveryAction(entry, volunteer.id));
    const started = (await db.assignedOrders.get(entry.row.key))!;
    const taken: OrderEntry = { row: started, order: started.data as OrderReply };
    await enqueue(db, completeOrderAction(taken, volunteer.id));
    expect(await mirroredStatus(db, entry)).toBe('COMPLETED');

    expect((await drainOutbox({ db, transport: live.client.transport })).sent).toBe(2);
    expect((await serverOrder(orderId)).status).toBe('COMPLETED');
  });

  it('is undone and waits under Needs attention when the order was cancelled meanwhile', async () => {
    const orderId = await createOrderOnRound(serverDb(), round);
    const { db, entry } = await deviceWithOrder(orderId);
    const seq = await enqueue(db, startDeliveryAction(entry, volunteer.id));
    await setServerStatus(orderId, 'CANCELLED');

    const result = await drainOutbox({ db, transport: live.client.transport });
    expect(result).toMatchObject({ sent: 0, rejected: 1 });
    expect(await db.outbox.get(seq)).toMatchObject({
      status: 'rejected',
      lastError: 'This order was cancelled.',
      verdict: { status: 409 },
    });
    expect(await mirroredStatus(db, entry)).toBe('PENDING');
    expect((await serverOrder(orderId)).status).toBe('CANCELLED');
  });

  it('is refused with the "already" text when another volunteer took the order first', async () => {
    const orderId = await createOrderOnRound(serverDb(), round);
    const { db, entry } = await deviceWithOrder(orderId);
    const seq = await enqueue(db, startDeliveryAction(entry, volunteer.id));
    await setServerStatus(orderId, 'PROCESSING');

    expect((await drainOutbox({ db, transport: live.client.transport })).rejected).toBe(1);
    expect((await db.outbox.get(seq))?.lastError).toBe('This order is already being delivered.');
    expect(await mirroredStatus(db, entry)).toBe('PENDING');
  });
});
