// Orders through the outbox (issue 4 item 5): placing a client or guest order and
// cancelling one are outbox actions like any other (DESIGN.md offline rules 2–3). Keeps
// nothing itself: the outbox rows are the record. What the ordering screens read of them:
// - every order action of the signed-in user (and the public, guest ones) in queue order,
//   from which they derive the stock this device has claimed, the orders "waiting to send",
//   refused orders (with 'Back to cart') and guest replies that came while nobody waited;
// - a guest order sent by the replayer stays 'done' until its 'Current Order' dialog has been
//   seen (dismissOrderReply), so the order ID reaches the guest (pruned after an hour).
import { useLiveQuery } from 'dexie-react-hooks';
import { getAppDb, type AppDb } from './app-db.ts';
import { FORM_WAIT_MS, queueAction } from './engine.ts';
import { undoLocalChanges } from './local-changes.ts';
import { acknowledge, type QueuedAction } from './outbox.ts';
import { awaitOutcome, type ActionOutcome } from './outcome.ts';
import { getRememberedUser } from './session-user-store.ts';
import type { OutboxRow } from './types.ts';
import { refreshListReporting } from './list-refresh.ts';

/** Outbox kinds of the ordering screens. */
export const ORDER_KINDS = {
  create: 'order.create',
  guestCreate: 'order.guestCreate',
  cancel: 'order.cancel',
} as const;

const KINDS: readonly string[] = Object.values(ORDER_KINDS);

/**
 * After the server took an order, the catalogue (its stock) and the history are read again
 * before the row goes, so the stock shown never jumps back up in between.
 */
async function refreshAfterSend(db: AppDb): Promise<void> {
  const user = await getRememberedUser(db);
  await Promise.all([
    refreshListReporting('catalogue', user),
    refreshListReporting('myOrders', user),
  ]).catch(() => undefined);
}

export interface SendOptions {
  /**
   * Keep a sent row until dismissOrderReply: a guest's order ID is shown from the row, so the
   * 'Current Order' dialog is the same whether the reply came now or after a reload.
   */
  keepSent?: boolean;
}

/**
 * Queues the action (its optimistic change shows at once) and waits a little for the server:
 * 'sent' or 'rejected' when it answered (the screen shows it, so the row goes), 'queued' when
 * it could not be reached (the replayer sends it later).
 */
export async function sendOrderAction(
  action: QueuedAction,
  options: SendOptions = {},
): Promise<ActionOutcome> {
  const db = getAppDb();
  const seq = await queueAction(action);
  const outcome = await awaitOutcome(db, seq, navigator.onLine ? FORM_WAIT_MS : 0);
  if (outcome.kind === 'sent') await refreshAfterSend(db);
  const keep = outcome.kind === 'queued' || (outcome.kind === 'sent' && options.keepSent === true);
  if (!keep) await acknowledge(db, seq);
  return outcome;
}

/**
 * Takes back an order that has not left the device: its optimistic change is undone and the
 * row deleted. False when it is already being sent (or gone): then only the server can cancel.
 */
export async function withdrawQueuedOrder(seq: number): Promise<boolean> {
  const db = getAppDb();
  return db.transaction('rw', db.writeScope(), async () => {
    const row = await db.outbox.get(seq);
    if (row?.status !== 'queued') return false;
    await undoLocalChanges(db, row.undo);
    await db.outbox.delete(seq);
    return true;
  });
}

/** A guest order's reply has been shown (or a refused order was dealt with): the row goes. */
export async function dismissOrderReply(seq: number): Promise<void> {
  await acknowledge(getAppDb(), seq);
}

async function orderRows(db: AppDb): Promise<OutboxRow[]> {
  const user = await getRememberedUser(db);
  const rows = await db.outbox.orderBy('seq').toArray();
  return rows.filter(
    (r) => KINDS.includes(r.kind) && (r.ownerUserId === null || r.ownerUserId === user?.userId),
  );
}

/** The order actions on this device (any status), in queue order; undefined while loading. */
export function useOrderOutbox(): OutboxRow[] | undefined {
  return useLiveQuery(() => orderRows(getAppDb()), []);
}
