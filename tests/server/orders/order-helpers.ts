// Shared setup of the orders API tests: one signed-in user per part of the caller matrix, an
// upcoming round with a CONFIRMED and a WAITLISTED volunteer, and direct reads of stock (the database is the truth the API must keep).
import type { Db } from '#server/db/kysely';
import type { TestServer } from '../../support/build-app.ts';
import {
  createSignedInUser,
  createSignup,
  createTestRound,
  type SignedInUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

export interface OrderWorld {
  client: SignedInUser;
  otherClient: SignedInUser;
  /** CONFIRMED on `round`. */
  volunteer: SignedInUser;
  /** WAITLISTED on `round`. */
  waitlisted: SignedInUser;
  /** On no round. */
  outsider: SignedInUser;
  admin: SignedInUser;
  /** The next upcoming round: new orders land on it. */
  round: number;
}

export async function orderWorld(db: Db): Promise<OrderWorld> {
  const [client, otherClient, volunteer, waitlisted, outsider, admin] = await Promise.all([
    createSignedInUser(db),
    createSignedInUser(db),
    createSignedInUser(db, { role: 'VOLUNTEER' }),
    createSignedInUser(db, { role: 'VOLUNTEER' }),
    createSignedInUser(db, { role: 'VOLUNTEER' }),
    createSignedInUser(db, { role: 'ADMIN' }),
  ]);
  const round = await createTestRound(db, { startsInMs: 60 * 60 * 1000 });
  await createSignup(db, round, volunteer.id, 'CONFIRMED');
  await createSignup(db, round, waitlisted.id, 'WAITLISTED');
  return { client, otherClient, volunteer, waitlisted, outsider, admin, round };
}

export interface Line {
  itemName: string;
  quantity: unknown;
}

export function clientOrder(userId: number, items: Line[], extra: object = {}): object {
  return {
    authenticated: true,
    userId,
    userRole: 'CLIENT',
    deliveryAddress: '12 Main St, under the bridge',
    phoneNumber: '5551234567',
    notes: 'Mornings are best',
    items,
    ...extra,
  };
}

export function guestOrder(items: Line[], extra: object = {}): object {
  return {
    firstName: 'Gale',
    lastName: 'Guest',
    email: 'gale@example.org',
    phone: '5559876543',
    deliveryAddress: 'Corner of 5th and Pine',
    notes: 'Gale Guest: blue tent',
    items,
    ...extra,
  };
}

export async function itemStock(db: Db, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('cargo_items')
    .select('quantity')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return row.quantity;
}

export async function sizeStock(db: Db, itemId: number, label: string): Promise<number> {
  const row = await db
    .selectFrom('cargo_item_sizes')
    .select('quantity')
    .where('item_id', '=', itemId)
    .where('size_label', '=', label)
    .executeTakeFirstOrThrow();
  return row.quantity;
}

export async function orderRow(db: Db, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

export async function orderLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export async function countOrders(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Places a client order through the API and returns its id (fails the test otherwise). */
export async function placeClientOrder(
  server: TestServer,
  user: SignedInUser,
  items: Line[],
): Promise<number> {
  const res = await call(server.app, 'POST', '/api/orders/create', {
    as: user,
    body: clientOrder(user.id, items),
  });
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json<{ orderId: number }>().orderId;
}
