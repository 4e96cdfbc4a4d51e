// Aggregates for the reports: counts grouped by month (the first 7 characters of the ISO time
// text, the same on SQLite and PostgreSQL). Nothing here reads an address, phone, name or note.
import { sql, type ExpressionBuilder } from 'kysely';
import { CUSTOM_ITEMS_NAME } from '#shared/contracts/reports';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';
import type {
  ItemMonthRow,
  MonthCount,
  OrderMonthRow,
  SummaryReport,
  TimeRange,
} from './reports.types.ts';

const month = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

function inRange<T extends keyof Database>(column: string, range: TimeRange) {
  return (eb: ExpressionBuilder<Database, T>) => {
    const ref = sql.ref(column);
    return eb.and([
      ...(range.from === undefined ? [] : [eb(ref, '>=', range.from)]),
      ...(range.to === undefined ? [] : [eb(ref, '<=', range.to)]),
    ]);
  };
}

async function itemRows(db: Db, range: TimeRange): Promise<ItemMonthRow[]> {
  const quantityWhen = (status: string) =>
    sql<
      string | number
    >`sum(case when orders.status = ${status} then order_items.quantity else 0 end)`;
  const item = sql<string>`case when order_items.is_custom = 1 then ${sql.lit(CUSTOM_ITEMS_NAME)} else order_items.item_name end`;
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .where(inRange('orders.request_time', range))
    .select([
      month('orders.request_time').as('month'),
      item.as('item'),
      sql<string | number>`sum(order_items.quantity)`.as('ordered'),
      quantityWhen('COMPLETED').as('delivered'),
      quantityWhen('CANCELLED').as('cancelled'),
    ])
    .groupBy([month('orders.request_time'), item])
    .orderBy('month')
    .orderBy('item')
    .execute();
  return rows.map((r) => ({
    ...r,
    ordered: Number(r.ordered),
    delivered: Number(r.delivered),
    cancelled: Number(r.cancelled),
  }));
}

async function orderRows(db: Db, range: TimeRange): Promise<OrderMonthRow[]> {
  const rows = await db
    .selectFrom('orders')
    .where(inRange('request_time', range))
    .select([
      month('request_time').as('month'),
      'order_type',
      'status',
      sql<string | number>`count(*)`.as('count'),
    ])
    .groupBy([month('request_time'), 'order_type', 'status'])
    .orderBy('month')
    .orderBy('order_type')
    .orderBy('status')
    .execute();
  return rows.map((r) => ({
    month: r.month,
    orderType: r.order_type,
    status: r.status,
    count: Number(r.count),
  }));
}

/** Rounds that started before `now` and were not cancelled, by the month they started. */
async function roundsHeld(db: Db, range: TimeRange, now: string): Promise<MonthCount[]> {
  const rows = await db
    .selectFrom('rounds')
    .where(inRange('start_time', range))
    .where('start_time', '<', now)
    .where('status', '!=', 'CANCELLED')
    .select([month('start_time').as('month'), sql<string | number>`count(*)`.as('count')])
    .groupBy(month('start_time'))
    .orderBy('month')
    .execute();
  return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
}

/** CONFIRMED sign-ups on rounds held, by the month of their round. */
async function signupsConfirmed(db: Db, range: TimeRange, now: string): Promise<MonthCount[]> {
  const rows = await db
    .selectFrom('round_signups')
    .innerJoin('rounds', 'rounds.id', 'round_signups.round_id')
    .where(inRange('rounds.start_time', range))
    .where('rounds.start_time', '<', now)
    .where('rounds.status', '!=', 'CANCELLED')
    .where('round_signups.status', '=', 'CONFIRMED')
    .select([month('rounds.start_time').as('month'), sql<string | number>`count(*)`.as('count')])
    .groupBy(month('rounds.start_time'))
    .orderBy('month')
    .execute();
  return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
}

export async function summaryReport(db: Db, range: TimeRange, now: Date): Promise<SummaryReport> {
  const at = now.toISOString();
  return {
    items: await itemRows(db, range),
    orders: await orderRows(db, range),
    roundsHeld: await roundsHeld(db, range, at),
    signupsConfirmed: await signupsConfirmed(db, range, at),
  };
}

/** When each order delivered since `since` was completed (its last change). */
export async function deliveryTimesSince(db: Db, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('updated_at')
    .where('status', '=', 'COMPLETED')
    .where('updated_at', '>=', since)
    .execute();
  return rows.map((r) => r.updated_at);
}
