// The reads behind the admin alerts. Every query is bounded by an index or by the catalogue's
// size, never by the number of orders: the counts use orders(status, request_time) and
// volunteer_applications(status).
import type { StockAlert } from '#shared/contracts/admin-alerts';
import { LOW_STOCK_THRESHOLD } from '#shared/rules/stock-status';
import type { Db } from '../db/kysely.ts';

/** Stock lines under the low threshold: sizes of sized items, totals of the others. */
export async function lowStockLines(db: Db): Promise<StockAlert[]> {
  const sizes = await db
    .selectFrom('cargo_item_sizes as s')
    .innerJoin('cargo_items as i', 'i.id', 's.item_id')
    .select(['i.id', 'i.name', 's.size_label', 's.quantity'])
    .where('s.quantity', '<', LOW_STOCK_THRESHOLD)
    .execute();
  const totals = await db
    .selectFrom('cargo_items as i')
    .select(['i.id', 'i.name', 'i.quantity'])
    .where('i.quantity', '<', LOW_STOCK_THRESHOLD)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('cargo_item_sizes as s')
            .select('s.item_id')
            .whereRef('s.item_id', '=', 'i.id'),
        ),
      ),
    )
    .execute();
  return [
    ...totals.map((r) => ({ id: r.id, name: r.name, quantity: r.quantity })),
    ...sizes.map((r) => ({ id: r.id, name: r.name, size: r.size_label, quantity: r.quantity })),
  ];
}

// count(*) arrives as a number on both dialects (kysely.ts parses PostgreSQL's int8).
export async function countPendingOrders(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function countPendingApplications(db: Db): Promise<number> {
  const row = await db
    .selectFrom('volunteer_applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return row.n;
}
