// Placing an order (domain-decisions.md "Stock and orders"), all inside the caller's one
// transaction: resolve the cart lines against the catalogue, keep the drain limits
// (order-limits.service.ts; 409), reserve stock (or refuse the whole order with 409), attach
// the order to the next upcoming round, store it PENDING.
// PostgreSQL first tries placeOrderAtOnce: the same checks on what it reads, then every write
// in one statement (issue 18: 2 round trips where the general path took 15).
import {
  emailKey,
  GUEST_ORDER_WINDOW_MS,
  GUEST_ORDERS_PER_DAY,
  OPEN_ORDERS_PER_CLIENT,
  phoneKey,
} from '#shared/rules/order-limits';
import type { Db } from '../db/kysely.ts';
import type { OrderType } from '../db/schema.ts';
import type { WriteContext } from '../db/write-context.ts';
import { AppError } from '../errors.ts';
import type { KeyClaim, WriteReply } from '../idempotency/run-idempotent.ts';
import type { OrderDetails } from './orders.types.ts';
import { checkLineLimits, checkPersonLimits, type OrderingPerson } from './order-limits.service.ts';
import { insertOrder, newLineRows, newOrderRow } from './orders.repository.ts';
import { nextRoundId } from './order-rounds.repository.ts';
import { placeOrderInOneStatement, type SealedIv } from './place-order-statement.repository.ts';
import { isSeenShort, reserveStock, stockTakes } from './reservation.service.ts';
import { candidateKeys, resolveLines } from './resolve-lines.ts';
import { findItemsByNameKeys } from './stock.repository.ts';
import {
  noteQueuedByStatement,
  notifyItemsOutOfStock,
} from '../notifications/notifications.service.ts';

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
  // An item this order emptied: admins are told (event 5), in this transaction.
  await notifyItemsOutOfStock(
    w,
    stockTakes(lines).map((t) => t.itemId),
  );
  const roundId = await nextRoundId(trx, now);
  const guestKeys =
    person.kind === 'guest'
      ? { guestPhoneKey: person.phoneKey, guestEmailKey: person.emailKey }
      : { guestPhoneKey: null, guestEmailKey: null };
  return insertOrder(trx, { ...details, ...orderer, ...guestKeys, roundId, lines, now });
}

/** Stands for the order id in the reply text the statement completes (see replyAround). */
const ID_MARK = Number.MAX_SAFE_INTEGER;

/** The reply's JSON text before and after the order id, which only the statement knows. */
function replyAround(replyOf: (orderId: number) => WriteReply): { head: string; tail: string } {
  const [head, tail, ...more] = JSON.stringify(replyOf(ID_MARK).body).split(String(ID_MARK));
  if (head === undefined || tail === undefined || more.length > 0) {
    throw new Error('the reply must hold the order id exactly once');
  }
  return { head, tail };
}

/**
 * PostgreSQL: the order placed in one statement, the Idempotency-Key row (when `claim`) with
 * its reply included, when the rules pass on the catalogue read just before; undefined, with
 * nothing changed, when any rule might refuse it (the general path then decides and words
 * the verdict). `iv`: the encrypted body's IV, recorded by the same statement (an order it
 * places had its IV recorded). Reading the catalogue outside the write changes nothing under READ
 * COMMITTED, where each statement of the general path sees its own snapshot too.
 */
export async function placeOrderAtOnce(
  db: Db,
  details: OrderDetails,
  orderer: Orderer,
  key: { claim: KeyClaim | null; now: Date },
  replyOf: (orderId: number) => WriteReply,
  iv: SealedIv | null = null,
): Promise<WriteReply | undefined> {
  const now = new Date();
  const catalogue = await findItemsByNameKeys(db, candidateKeys(details.lines));
  let lines;
  try {
    lines = resolveLines(details.lines, catalogue);
    checkLineLimits(lines);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  if (isSeenShort(lines)) return undefined;
  // An order that empties an item needs no general path: the statement's stock take queues
  // the admins' out-of-stock notice itself, also when concurrent orders empty it together
  // (a guess from the catalogue read above missed those).
  const person = personOf(details, orderer);
  const guestKeys =
    person.kind === 'guest'
      ? { guestPhoneKey: person.phoneKey, guestEmailKey: person.emailKey }
      : { guestPhoneKey: null, guestEmailKey: null };
  const reply = replyAround(replyOf);
  const { claim } = key;
  const { orderId, queuedNotices } = await placeOrderInOneStatement(db, {
    order: newOrderRow({ ...details, ...orderer, ...guestKeys, roundId: null, lines, now }),
    lines: newLineRows(lines),
    takes: stockTakes(lines),
    person:
      person.kind === 'client'
        ? { user_id: person.userId }
        : { phone_key: person.phoneKey, email_key: person.emailKey },
    openOrdersLimit: OPEN_ORDERS_PER_CLIENT,
    guestOrdersLimit: GUEST_ORDERS_PER_DAY,
    guestSince: new Date(now.getTime() - GUEST_ORDER_WINDOW_MS),
    key:
      claim === null
        ? null
        : {
            scope: claim.scope,
            key: claim.key,
            method: claim.method,
            path: claim.path,
            request_hash: claim.requestHash,
            status_code: replyOf(ID_MARK).statusCode,
            created_at: key.now.toISOString(),
          },
    replyHead: reply.head,
    replyTail: reply.tail,
    iv,
  });
  if (queuedNotices) noteQueuedByStatement();
  return orderId === undefined ? undefined : replyOf(orderId);
}
