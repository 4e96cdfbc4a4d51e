// PostgreSQL only: an order the app has judged, written by the place_order() function (the
// 2026-11-28T1000 migration) in one statement, hence one round trip and one short transaction.
// The function refuses nothing itself: where the app would refuse (limits, stock, a key
// already stored) it raises SMFB1 and changes nothing, and this answers undefined so that the
// caller runs the general path, which words the verdict and stores it.
import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { IdempotencyKeysTable, OrdersTable } from '../db/schema.ts';
import type { StockTake } from './orders.types.ts';
import type { newLineRows } from './orders.repository.ts';

/** SQLSTATE of place_order's "take the general path". */
const GENERAL_PATH = 'SMFB1';

export interface OneStatementOrder {
  /** The orders row; its round_id is chosen by the statement. */
  order: Insertable<OrdersTable>;
  lines: ReturnType<typeof newLineRows>;
  takes: readonly StockTake[];
  person: { user_id: number } | { phone_key: string; email_key: string };
  openOrdersLimit: number;
  guestOrdersLimit: number;
  guestSince: Date;
  /** The idempotency_keys row; its reply_json is replyHead + the order id + replyTail. */
  key: Omit<Insertable<IdempotencyKeysTable>, 'reply_json'> | null;
  replyHead: string;
  replyTail: string;
}

const json = (value: unknown) => JSON.stringify(value);

/** The new order's id, or undefined when the general path must decide. */
export async function placeOrderInOneStatement(
  db: Db,
  o: OneStatementOrder,
): Promise<number | undefined> {
  try {
    const result = await sql<{ id: number }>`select place_order(
      ${json(o.order)}::jsonb, ${json(o.lines)}::jsonb, ${json(o.takes.map(takeRow))}::jsonb,
      ${json(o.person)}::jsonb, ${o.openOrdersLimit}::integer, ${o.guestOrdersLimit}::integer,
      ${o.guestSince.toISOString()}::text, ${o.key === null ? null : json(o.key)}::jsonb,
      ${o.replyHead}::text, ${o.replyTail}::text) as id`.execute(db);
    const id = result.rows[0]?.id;
    if (id === undefined) throw new Error('place_order returned no row');
    return id;
  } catch (error) {
    if ((error as { code?: unknown }).code === GENERAL_PATH) return undefined;
    throw error;
  }
}

function takeRow(take: StockTake) {
  return { item_id: take.itemId, size_label: take.sizeLabel, quantity: take.quantity };
}
