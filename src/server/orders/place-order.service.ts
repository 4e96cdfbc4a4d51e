// Placing an order (domain-decisions.md "Stock and orders"), all inside the caller's one
// transaction: resolve the cart lines against the catalogue, keep the drain limits
// (order-limits.service.ts; 409), reserve stock (or refuse the whole order with 409), attach
// the order to the next upcoming round, store it PENDING.
import { emailKey, phoneKey } from '#shared/rules/order-limits';
import type { OrderType } from '../db/schema.ts';
import type { WriteContext } from '../db/write-context.ts';
import type { OrderDetails } from './orders.types.ts';
import { checkLineLimits, checkPersonLimits, type OrderingPerson } from './order-limits.service.ts';
import { insertOrder } from './orders.repository.ts';
import { nextRoundId } from './order-rounds.repository.ts';
import { reserveStock } from './reservation.service.ts';
import { candidateKeys, resolveLines } from './resolve-lines.ts';
import { findItemsByNameKeys } from './stock.repository.ts';

export interface Orderer {
  userId: number | null;
  orderType: OrderType;
}

function personOf(details: OrderDetails, orderer: Orderer): OrderingPerson {
  if (orderer.orderType === 'CLIENT' && orderer.userId !== null) {
    return { kind: 'client', userId: orderer.userId };
  }
  return {
    kind: 'guest',
    phoneKey: phoneKey(details.phoneNumber),
    emailKey: emailKey(details.email ?? ''),
  };
}

export async function placeOrder(
  w: WriteContext,
  details: OrderDetails,
  orderer: Orderer,
): Promise<number> {
  const { trx, now } = w;
  const catalogue = await findItemsByNameKeys(trx, candidateKeys(details.lines));
  const lines = resolveLines(details.lines, catalogue);
  checkLineLimits(lines);
  const person = personOf(details, orderer);
  await checkPersonLimits(w, person);
  await reserveStock(w, lines);
  const roundId = await nextRoundId(trx, now);
  const guestKeys =
    person.kind === 'guest'
      ? { guestPhoneKey: person.phoneKey, guestEmailKey: person.emailKey }
      : { guestPhoneKey: null, guestEmailKey: null };
  return insertOrder(trx, { ...details, ...orderer, ...guestKeys, roundId, lines, now });
}
