// "Start delivery" (beyond-spec.md section 7): PUT /api/orders/{orderId}/status {status:
// PROCESSING} by a volunteer CONFIRMED on the order's round moves it PENDING → PROCESSING, and
// nobody else can. The transitions table, who is refused, replays, and who sees PROCESSING.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_PATHS,
  cancelOrderPath,
  orderStatusPath,
  userOrdersPath,
  type OrderReply,
  type OrderStatusName,
} from '#shared/contracts/orders';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createCatalogueItem,
  createSignedInUser,
  createSignup,
  createTestRound,
  type SignedInUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import {
  itemStock,
  orderRow,
  orderWorld,
  placeClientOrder,
  type OrderWorld,
} from './order-helpers.ts';

const ALREADY_PROCESSING = 'This order is already being delivered.';

describe.each(testDialects())('starting a delivery (%s)', (dialect) => {
  const server = useTestServer(dialect);
  let world: OrderWorld;
  let item: { id: number; name: string };
  /** A volunteer CONFIRMED on a round other than the orders' round. */
  let otherRoundVolunteer: SignedInUser;
  beforeAll(async () => {
    world = await orderWorld(db());
    item = await createCatalogueItem(db(), { quantity: 1000 });
    otherRoundVolunteer = await createSignedInUser(db(), { role: 'VOLUNTEER' });
    const otherRound = await createTestRound(db(), { startsInMs: 72 * 60 * 60 * 1000 });
    await createSignup(db(), otherRound, otherRoundVolunteer.id, 'CONFIRMED');
  });
  const db = () => server.app.ctx.opened.db;

  /** A PENDING order on the world's round, placed by a client of its own (open-order limit). */
  async function newOrder(): Promise<{ orderId: number; client: SignedInUser }> {
    const client = await createSignedInUser(db());
    const orderId = await placeClientOrder(server, client, [{ itemName: item.name, quantity: 2 }]);
    return { orderId, client };
  }

  function setStatus(
    orderId: number | string,
    status: unknown,
    caller: SignedInUser | undefined,
    options: { body?: object; headers?: Record<string, string> } = {},
  ) {
    return call(server.app, 'PUT', orderStatusPath(orderId), {
      body: { authenticated: true, userRole: 'VOLUNTEER', status, ...options.body },
      as: caller,
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    });
  }

  const start = (orderId: number, caller: SignedInUser = world.volunteer) =>
    setStatus(orderId, 'PROCESSING', caller, { body: { userId: caller.id } });

  const statusOf = async (orderId: number) => (await orderRow(db(), orderId)).status;

  async function forceStatus(orderId: number, status: OrderStatusName) {
    await db().updateTable('orders').set({ status }).where('id', '=', orderId).execute();
  }

  it('moves a PENDING order to PROCESSING for a confirmed volunteer, leaving stock as it is', async () => {
    const { orderId } = await newOrder();
    const stock = await itemStock(db(), item.id);
    const res = await start(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Delivery started.' });
    expect(await statusOf(orderId)).toBe('PROCESSING');
    expect(await itemStock(db(), item.id)).toBe(stock);
  });

  it('answers a second Start delivery with the "already" text and changes nothing', async () => {
    const { orderId } = await newOrder();
    expect((await start(orderId)).statusCode).toBe(200);
    const updatedAt = (await orderRow(db(), orderId)).updated_at;
    const again = await start(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'CONFLICT', message: ALREADY_PROCESSING });
    const row = await orderRow(db(), orderId);
    expect(row.status).toBe('PROCESSING');
    expect(row.updated_at).toBe(updatedAt);
  });

  it('replays a Start delivery with its Idempotency-Key: the stored reply, one change', async () => {
    const { orderId } = await newOrder();
    const headers = { 'idempotency-key': randomUUID() };
    const send = () => setStatus(orderId, 'PROCESSING', world.volunteer, { headers });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const updatedAt = (await orderRow(db(), orderId)).updated_at;
    const replay = await send();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await orderRow(db(), orderId)).updated_at).toBe(updatedAt);
  });

  it('lets PROCESSING become COMPLETED, and a client still cancel it with the stock back', async () => {
    const completed = await newOrder();
    await start(completed.orderId);
    const done = await setStatus(completed.orderId, 'COMPLETED', world.volunteer);
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(completed.orderId)).toBe('COMPLETED');

    const cancelled = await newOrder();
    await start(cancelled.orderId);
    const stock = await itemStock(db(), item.id);
    const res = await call(server.app, 'POST', cancelOrderPath(cancelled.orderId), {
      as: cancelled.client,
      body: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(cancelled.orderId)).toBe('CANCELLED');
    expect(await itemStock(db(), item.id)).toBe(stock + 2);
  });

  it('keeps COMPLETED and CANCELLED final', async () => {
    const cases: [OrderStatusName, string][] = [
      ['COMPLETED', 'This order was already completed.'],
      ['CANCELLED', 'This order was cancelled.'],
    ];
    for (const [status, message] of cases) {
      const { orderId } = await newOrder();
      await forceStatus(orderId, status);
      const res = await start(orderId);
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ error: 'CONFLICT', message });
      expect(await statusOf(orderId)).toBe(status);
    }
  });

  it("refuses everyone but a volunteer confirmed on the order's round", async () => {
    const { orderId, client } = await newOrder();
    expect((await setStatus(orderId, 'PROCESSING', undefined)).statusCode).toBe(401);
    for (const caller of [client, world.admin]) {
      expect((await start(orderId, caller)).statusCode).toBe(403);
    }
    for (const caller of [world.waitlisted, world.outsider, otherRoundVolunteer]) {
      const res = await start(orderId, caller);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(
        "Only a volunteer confirmed on this order's round can start its delivery.",
      );
    }
    const forged = await setStatus(orderId, 'PROCESSING', world.volunteer, {
      body: { userId: world.outsider.id },
    });
    expect(forged.statusCode).toBe(403);
    expect((await start(999_999)).statusCode).toBe(404);
    expect(await statusOf(orderId)).toBe('PENDING');
  });

  it('refuses a volunteer whose sign-up is not CONFIRMED any more, and an order on no round', async () => {
    const { orderId } = await newOrder();
    const gone = await createSignedInUser(db(), { role: 'VOLUNTEER' });
    await createSignup(db(), world.round, gone.id, 'CANCELLED');
    expect((await start(orderId, gone)).statusCode).toBe(403);
    await db().updateTable('orders').set({ round_id: null }).where('id', '=', orderId).execute();
    expect((await start(orderId)).statusCode).toBe(403);
    expect(await statusOf(orderId)).toBe('PENDING');
  });

  it('takes only PROCESSING or COMPLETED', async () => {
    const { orderId } = await newOrder();
    for (const status of ['processing', 'PENDING', 'CANCELLED', '', null, 1]) {
      const res = await setStatus(orderId, status, world.volunteer);
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('status');
    }
    expect(await statusOf(orderId)).toBe('PENDING');
  });

  it('shows PROCESSING to the client, the volunteer and the admin', async () => {
    const { orderId, client } = await newOrder();
    await start(orderId);
    const statusIn = (orders: OrderReply[]) => orders.find((o) => o.orderId === orderId)?.status;

    const own = await call(server.app, 'GET', userOrdersPath(client.id), { as: client });
    expect(statusIn(own.json<{ orders: OrderReply[] }>().orders)).toBe('PROCESSING');
    const assigned = await call(server.app, 'GET', ORDER_PATHS.volunteerAssigned, {
      as: world.volunteer,
    });
    expect(statusIn(assigned.json<{ orders: OrderReply[] }>().orders)).toBe('PROCESSING');
    const all = await call(server.app, 'GET', `${ORDER_PATHS.all}?status=PENDING,PROCESSING`, {
      as: world.admin,
    });
    expect(statusIn(all.json<{ orders: OrderReply[] }>().orders)).toBe('PROCESSING');
  });
});
