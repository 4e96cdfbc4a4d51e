// State changes of an existing order (domain-decisions.md "Stock and orders"):
// cancel (PENDING/PROCESSING → CANCELLED, stock given back in the same transaction),
// start delivery (PENDING → PROCESSING) and complete (PENDING/PROCESSING → COMPLETED), both by
// a volunteer CONFIRMED on the order's round and moving no stock, and an admin's move to
// another round. Each status change is a conditional
// UPDATE, so two concurrent changes of one order cannot both succeed. What an admin does is
// recorded in the audit log in the same transaction (a client's own cancel is not an admin
// action).
import type { Transaction } from 'kysely';
import type { Database, OrderStatus } from '../db/schema.ts';
import type { SignedInWrite } from '../db/write-context.ts';
import { recordAdminAction } from '../audit/audit.service.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import {
  cancelIf,
  findOrderState,
  reservedLines,
  setRoundIf,
  setStatusIf,
} from './orders.repository.ts';
import { isConfirmedOn, roundStatus } from './order-rounds.repository.ts';
import { releaseStock } from './reservation.service.ts';
import { notifyOrderClosed } from '../notifications/notifications.service.ts';
import { message, type Message } from '#shared/i18n/messages';

type Trx = Transaction<Database>;

const OPEN: readonly OrderStatus[] = ['PENDING', 'PROCESSING'];
/** Worded in the caller's language, like every refusal (issue 21). */
const ORDER_NOT_FOUND = message('server.orders.notFound');

type Action = 'cancel' | 'start' | 'complete' | 'move';

const COMPLETED_MESSAGES: Record<Action, Message> = {
  cancel: message('server.orders.completedNoCancel'),
  start: message('server.orders.alreadyCompleted'),
  complete: message('server.orders.alreadyCompleted'),
  move: message('server.orders.completedNoMove'),
};

/** A second Start delivery (another request, another volunteer): the state it asked for holds. */
const ALREADY_PROCESSING = message('server.orders.alreadyProcessing');

function finalMessage(status: OrderStatus | undefined, action: Action): Message {
  if (status === 'CANCELLED') return message('server.orders.wasCancelled');
  if (status === 'COMPLETED') return COMPLETED_MESSAGES[action];
  // Only Start delivery refuses an open order: the others take PROCESSING too.
  if (status === 'PROCESSING') return ALREADY_PROCESSING;
  return message('server.orders.cannotChange');
}

async function refuseFinal(trx: Trx, orderId: number, action: Action) {
  const now = await findOrderState(trx, orderId);
  return conflict(finalMessage(now?.status, action));
}

/**
 * A CLIENT cancels their own order, an ADMIN any order. Someone else's order is a 404, the
 * same as a missing one, so a client cannot learn which order ids exist.
 */
export async function cancelOrder(w: SignedInWrite, orderId: number): Promise<void> {
  const { trx, now, actor: caller } = w;
  const order = await findOrderState(trx, orderId);
  if (order === undefined) throw notFound(ORDER_NOT_FOUND);
  if (caller.role !== 'ADMIN' && order.userId !== caller.userId) throw notFound(ORDER_NOT_FOUND);
  if (!(await cancelIf(trx, orderId, OPEN, caller.userId, now))) {
    throw await refuseFinal(trx, orderId, 'cancel');
  }
  await releaseStock(w, await reservedLines(trx, orderId));
  // The client is told only of a cancel someone else (an admin) made.
  if (order.userId !== caller.userId) {
    await notifyOrderClosed(w, { id: orderId, userId: order.userId }, 'cancelled');
  }
  if (caller.role === 'ADMIN') {
    const details = { from: order.status, to: 'CANCELLED' };
    await recordAdminAction(w, 'order.cancel', { type: 'order', id: orderId }, details);
  }
}

/**
 * The order, when the actor is a volunteer CONFIRMED on its round; a missing order is a 404,
 * anyone else a 403 (`action` names the action in its message).
 */
async function orderOfConfirmedVolunteer(
  w: SignedInWrite,
  orderId: number,
  action: 'start' | 'complete',
) {
  const order = await findOrderState(w.trx, orderId);
  if (order === undefined) throw notFound(ORDER_NOT_FOUND);
  const confirmed =
    order.roundId !== null && (await isConfirmedOn(w.trx, order.roundId, w.actor.userId));
  if (!confirmed) throw forbidden(message('server.orders.confirmedVolunteerOnly', { action }));
  return order;
}

/**
 * "Start delivery": a volunteer CONFIRMED on the order's round (the actor) takes it, PENDING →
 * PROCESSING. Stock stays reserved as it is. A PROCESSING order is refused with
 * ALREADY_PROCESSING (409) as a completed one is refused a second Complete.
 */
export async function startDelivery(w: SignedInWrite, orderId: number): Promise<void> {
  await orderOfConfirmedVolunteer(w, orderId, 'start');
  if (!(await setStatusIf(w.trx, orderId, ['PENDING'], 'PROCESSING', w.now))) {
    throw await refuseFinal(w.trx, orderId, 'start');
  }
}

/** A volunteer CONFIRMED on the order's round (the actor) marks it COMPLETED. */
export async function completeOrder(w: SignedInWrite, orderId: number): Promise<void> {
  const order = await orderOfConfirmedVolunteer(w, orderId, 'complete');
  if (!(await setStatusIf(w.trx, orderId, OPEN, 'COMPLETED', w.now))) {
    throw await refuseFinal(w.trx, orderId, 'complete');
  }
  await notifyOrderClosed(w, { id: orderId, userId: order.userId }, 'completed');
}

/** An admin moves an open order to another (not cancelled) round, or to none. */
export async function moveOrderToRound(
  w: SignedInWrite,
  orderId: number,
  roundId: number | null,
): Promise<void> {
  const { trx, now } = w;
  const order = await findOrderState(trx, orderId);
  if (order === undefined) throw notFound(ORDER_NOT_FOUND);
  if (roundId !== null) {
    const status = await roundStatus(trx, roundId);
    if (status === undefined) throw notFound(message('server.orders.roundNotFound'));
    if (status === 'CANCELLED') throw conflict(message('server.orders.roundCancelled'));
  }
  if (!(await setRoundIf(trx, orderId, roundId, now))) {
    throw await refuseFinal(trx, orderId, 'move');
  }
  const details = { from: order.roundId, to: roundId };
  await recordAdminAction(w, 'order.round_change', { type: 'order', id: orderId }, details);
}
