// The orders carried by a round, as far as the rounds area touches them: listing them for
// the round's volunteers (two queries: orders, then all their lines) and detaching the open
// ones when the round is cancelled. Everything else about orders lives in server/orders.
import type { Db } from '../db/kysely.ts';
import type { RoundOrderRow } from './rounds.types.ts';

/** The round's orders that are not cancelled, oldest first, each with its lines. */
export async function listRoundOrders(db: Db, roundId: number): Promise<RoundOrderRow[]> {
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'order_type',
      'user_id',
      'delivery_address',
      'phone_number',
      'notes',
      'request_time',
      'updated_at',
      'personal_data_purged_at',
    ])
    .where('round_id', '=', roundId)
    .where('status', '!=', 'CANCELLED')
    .orderBy('request_time')
    .orderBy('id')
    .execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom('order_items')
    .select(['order_id', 'item_name', 'quantity'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  const byOrder = new Map<number, RoundOrderRow['items']>(orders.map((o) => [o.id, []]));
  for (const line of lines) {
    byOrder.get(line.order_id)?.push({ itemName: line.item_name, quantity: line.quantity });
  }
  return orders.map((o) => ({ ...o, items: byOrder.get(o.id) ?? [] }));
}

/** PENDING and PROCESSING orders of the round go back to no round; returns how many. */
export async function detachOpenOrders(trx: Db, roundId: number, now: Date): Promise<number> {
  const result = await trx
    .updateTable('orders')
    .set({ round_id: null, updated_at: now.toISOString() })
    .where('round_id', '=', roundId)
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
