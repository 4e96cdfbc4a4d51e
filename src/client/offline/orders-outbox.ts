// Orders through the outbox (issue 4 item 5): placing a client or guest order and
// cancelling one are outbox actions like any other (DESIGN.md offline rules 2–3; declared in
// actions.ts, sent with submit.ts). Keeps
// nothing itself: the outbox rows are the record. What the ordering screens read of them:
// - every order action of the signed-in user (and the public, guest ones) in queue order,
//   from which they derive the stock this device has claimed, the orders "waiting to send",
//   refused orders (with 'Back to cart') and guest replies that came while nobody waited;
// - a guest order sent by the replayer stays 'done' until its 'Current Order' dialog has been
//   seen (dismissOrderReply), so the order ID reaches the guest (pruned after an hour).
import { useLiveQuery } from 'dexie-react-hooks';
import { ORDER_KINDS } from './actions.ts';
import { getAppDb, type AppDb } from './app-db.ts';
import { undoLocalChanges } from './local-changes.ts';
import { acknowledge } from './outbox.ts';
import { getRememberedUser } from './session-user-store.ts';
import type { OutboxRow } from './types.ts';

const KINDS: readonly string[] = Object.values(ORDER_KINDS);

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
