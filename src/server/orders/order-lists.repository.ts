// Order lists with their lines in two queries whatever the number of orders (no N+1): the
// orders matching a filter (each with its round's times, read by primary key in the same
// query), then every line of those orders — through the same filter as a subquery for a whole
// list (no id list, so no limit on bound parameters), by id for a page (at most ORDER_PAGE_MAX
// ids). Newest first: request_time, then id, both descending; a page continues after its
// cursor by keyset (the orders_status_time_id and orders_time_id indexes). What a caller may
// see of each order is order-views.ts's business, not this file's.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { orderCursorText, type OrderCursor, type OrderReply } from '#shared/contracts/orders';
import type { Db } from '../db/kysely.ts';
import type { Database, OrderStatus } from '../db/schema.ts';
import type { ListedOrder, OrderRecord } from './orders.types.ts';

export type OrderFilter = (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>;

/** A client's own orders; cancelled ones leave the history (product-spec.md section 4). */
export function ownOrders(userId: number): OrderFilter {
  return (eb) =>
    eb.and([eb('orders.user_id', '=', userId), eb('orders.status', '!=', 'CANCELLED')]);
}

/**
 * A client's orders cancelled since `since` (ISO): the history's "Cancelled" section (issue 20
 * item 5). A cancelled order is final, so its updated_at is when it was cancelled.
 */
export function ownCancelledSince(userId: number, since: string): OrderFilter {
  return (eb) =>
    eb.and([
      eb('orders.user_id', '=', userId),
      eb('orders.status', '=', 'CANCELLED'),
      eb('orders.updated_at', '>=', since),
    ]);
}

/** Every order, or those in the given statuses. */
export function allOrders(statuses: readonly OrderStatus[] | undefined): OrderFilter {
  return (eb) => (statuses === undefined ? eb.lit(true) : eb('orders.status', 'in', statuses));
}

/**
 * Orders on rounds where the volunteer is CONFIRMED, in the given statuses (or all), never a
 * cancelled one: a volunteer has nothing to deliver there (beyond-spec.md section 2).
 */
export function confirmedVolunteerOrders(
  userId: number,
  statuses: readonly OrderStatus[] | undefined,
): OrderFilter {
  return (eb) => {
    const onRound = eb(
      'orders.round_id',
      'in',
      eb
        .selectFrom('round_signups')
        .select('round_signups.round_id')
        .where('round_signups.user_id', '=', userId)
        .where('round_signups.status', '=', 'CONFIRMED'),
    );
    const notCancelled = eb('orders.status', '!=', 'CANCELLED');
    return statuses === undefined
      ? eb.and([onRound, notCancelled])
      : eb.and([onRound, notCancelled, eb('orders.status', 'in', statuses)]);
  };
}

interface LineRow {
  order_id: number;
  item_name: string;
  quantity: number;
  is_custom: number;
}

function linesByOrder(rows: readonly LineRow[]): Map<number, OrderReply['orderItems']> {
  const byOrder = new Map<number, OrderReply['orderItems']>();
  for (const row of rows) {
    let lines = byOrder.get(row.order_id);
    if (lines === undefined) {
      lines = [];
      byOrder.set(row.order_id, lines);
    }
    lines.push({ itemName: row.item_name, quantity: row.quantity, isCustom: row.is_custom === 1 });
  }
  return byOrder;
}

/** An order row with its round's times (null off any round). */
type OrderWithRound = OrderRecord & { round_start: string | null; round_end: string | null };

function listedOf(o: OrderWithRound, lines: Map<number, OrderReply['orderItems']>): ListedOrder {
  const { round_start, round_end, ...order } = o;
  return {
    order,
    lines: lines.get(o.id) ?? [],
    round:
      round_start === null || round_end === null
        ? null
        : { startTime: round_start, endTime: round_end },
  };
}

/** Every order column and its round's start and end (a primary-key lookup each). */
function ordersQuery(db: Db) {
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) => [
      eb
        .selectFrom('rounds')
        .select('rounds.start_time')
        .whereRef('rounds.id', '=', 'orders.round_id')
        .as('round_start'),
      eb
        .selectFrom('rounds')
        .select('rounds.end_time')
        .whereRef('rounds.id', '=', 'orders.round_id')
        .as('round_end'),
    ]);
}

function linesQuery(db: Db) {
  return db
    .selectFrom('order_items')
    .select(['order_id', 'item_name', 'quantity', 'is_custom'])
    .orderBy('order_id')
    .orderBy('id');
}

export async function listOrders(db: Db, filter: OrderFilter): Promise<ListedOrder[]> {
  const orders = await ordersQuery(db)
    .where(filter)
    .orderBy('orders.request_time', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
  if (orders.length === 0) return [];
  const lines = await linesQuery(db)
    .where('order_id', 'in', db.selectFrom('orders').select('orders.id').where(filter))
    .execute();
  const byOrder = linesByOrder(lines);
  return orders.map((o) => listedOf(o, byOrder));
}

export interface OrderPage {
  orders: ListedOrder[];
  nextCursor: string | null;
}

/** Orders strictly after the cursor in the list's order (older, or as old with a lower id). */
function afterCursor(cursor: OrderCursor | undefined): OrderFilter {
  return (eb) =>
    cursor === undefined
      ? eb.lit(true)
      : eb.or([
          eb('orders.request_time', '<', cursor.requestTime),
          eb.and([
            eb('orders.request_time', '=', cursor.requestTime),
            eb('orders.id', '<', cursor.orderId),
          ]),
        ]);
}

export async function listOrderPage(
  db: Db,
  filter: OrderFilter,
  page: { limit: number; before: OrderCursor | undefined },
): Promise<OrderPage> {
  const rows = await ordersQuery(db)
    .where(filter)
    .where(afterCursor(page.before))
    .orderBy('orders.request_time', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const orders = rows.slice(0, page.limit);
  const last = orders.at(-1);
  if (last === undefined) return { orders: [], nextCursor: null };
  const lines = await linesQuery(db)
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .execute();
  const byOrder = linesByOrder(lines);
  return {
    orders: orders.map((o) => listedOf(o, byOrder)),
    nextCursor:
      rows.length > page.limit
        ? orderCursorText({ requestTime: last.request_time, orderId: last.id })
        : null,
  };
}
