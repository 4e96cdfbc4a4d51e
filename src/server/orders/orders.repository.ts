// The orders and order_items tables: writes and single-order reads. Lists live in
// order-lists.repository.ts. Times are ISO strings (schema.ts).
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database, OrdersTable, OrderStatus, OrderType } from '../db/schema.ts';
import type { OrderContact, ResolvedLine, StockLine } from './orders.types.ts';

type Trx = Transaction<Database>;

export interface NewOrder extends OrderContact {
  userId: number | null;
  orderType: OrderType;
  roundId: number | null;
  lines: readonly ResolvedLine[];
  now: Date;
  /** GUEST orders: the normalised phone and email the daily limit counts by. */
  guestPhoneKey: string | null;
  guestEmailKey: string | null;
}

export interface OrderState {
  id: number;
  userId: number | null;
  status: OrderStatus;
  roundId: number | null;
}

/** The orders row of a new PENDING order. */
export function newOrderRow(order: NewOrder): Insertable<OrdersTable> {
  const time = order.now.toISOString();
  return {
    user_id: order.userId,
    order_type: order.orderType,
    status: 'PENDING',
    delivery_address: order.deliveryAddress,
    phone_number: order.phoneNumber,
    notes: order.notes,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    latitude: order.latitude,
    longitude: order.longitude,
    round_id: order.roundId,
    guest_phone_key: order.guestPhoneKey,
    guest_email_key: order.guestEmailKey,
    request_time: time,
    updated_at: time,
  };
}

/** The order_items rows of an order's lines, in order, without their order_id. */
export function newLineRows(lines: readonly ResolvedLine[]) {
  return lines.map((line) => ({
    item_name: line.itemName,
    quantity: line.quantity,
    cargo_item_id: line.itemId,
    size_label: line.sizeLabel,
    is_custom: line.itemId === null ? 1 : 0,
  }));
}

/** Stores a PENDING order and its lines; returns its id. */
export async function insertOrder(trx: Trx, order: NewOrder): Promise<number> {
  const row = await trx
    .insertInto('orders')
    .values(newOrderRow(order))
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_items')
    .values(newLineRows(order.lines).map((line) => ({ ...line, order_id: row.id })))
    .execute();
  return row.id;
}

export async function findOrderState(
  db: Db | Trx,
  orderId: number,
): Promise<OrderState | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status', 'round_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return { id: row.id, userId: row.user_id, status: row.status, roundId: row.round_id };
}

/**
 * Moves an order to `to` only while its status is one of `from`; false when it was not (so
 * two concurrent cancels or completions cannot both succeed).
 */
export async function setStatusIf(
  trx: Trx,
  orderId: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: to, updated_at: now.toISOString() })
    .where('id', '=', orderId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Cancels an order still in one of `from`, noting who cancelled it (the client's history says
 * "you" or "the team" from it); false when it was not in `from`.
 */
export async function cancelIf(
  trx: Trx,
  orderId: number,
  from: readonly OrderStatus[],
  cancelledBy: number,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: 'CANCELLED', cancelled_by: cancelledBy, updated_at: now.toISOString() })
    .where('id', '=', orderId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a non-final order to a round (or none); false when the order is final by now. */
export async function setRoundIf(
  trx: Trx,
  orderId: number,
  roundId: number | null,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ round_id: roundId, updated_at: now.toISOString() })
    .where('id', '=', orderId)
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The catalogue lines an order reserved (custom lines and deleted items reserve nothing). */
export async function reservedLines(trx: Trx, orderId: number): Promise<StockLine[]> {
  const rows = await trx
    .selectFrom('order_items')
    .select(['item_name', 'cargo_item_id', 'size_label', 'quantity'])
    .where('order_id', '=', orderId)
    .where('cargo_item_id', 'is not', null)
    .execute();
  return rows.map((r) => ({
    itemName: r.item_name,
    itemId: r.cargo_item_id ?? 0,
    sizeLabel: r.size_label,
    quantity: r.quantity,
  }));
}
