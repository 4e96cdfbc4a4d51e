// Placing an order (domain-decisions.md "Stock and orders"), all inside the caller's one
// transaction: resolve the cart lines against the catalogue, reserve stock (or refuse the
// whole order with 409), attach the order to the next upcoming round, store it PENDING.
import type { Transaction } from 'kysely';
import type { Database, OrderType } from '../db/schema.ts';
import type { OrderDetails } from './order-input.ts';
import { insertOrder } from './orders.repository.ts';
import { nextRoundId } from './order-rounds.repository.ts';
import { reserveStock } from './reservation.service.ts';
import { candidateKeys, resolveLines } from './resolve-lines.ts';
import { findItemsByNameKeys } from './stock.repository.ts';

export interface Orderer {
  userId: number | null;
  orderType: OrderType;
}

export async function placeOrder(
  trx: Transaction<Database>,
  details: OrderDetails,
  orderer: Orderer,
  now: Date,
): Promise<number> {
  const catalogue = await findItemsByNameKeys(trx, candidateKeys(details.lines));
  const lines = resolveLines(details.lines, catalogue);
  await reserveStock(trx, lines, now);
  const roundId = await nextRoundId(trx, now);
  return insertOrder(trx, { ...details, ...orderer, roundId, lines, now });
}
