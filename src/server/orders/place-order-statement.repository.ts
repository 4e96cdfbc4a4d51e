// PostgreSQL only: orders the app has judged, written by place_orders() (the 2026-11-28T1000
// migration) in one statement, hence one round trip, and one commit for every order that
// arrived while the batch before was running (group commit, as SQLite's driver does): the
// stock rows all orders share are then locked once per WAL flush, not once per order.
// The function refuses nothing itself: where the app would refuse (limits, stock, a key
// already stored) an order answers null and changed nothing, and this answers undefined, so
// that the caller runs the general path, which words the verdict and stores it.
// An encrypted order's body IV is recorded by the same statement (place_sealed_orders, the
// 2026-12-01T1000 migration), not in a round trip of its own.
// An order that takes an item to 0 queues the admins' "item out of stock" rows in the same
// statement (place_order, the 2026-12-03T1000 migration); the statement then answers one
// element more than the batch's orders, which each order of the batch is told
// (`queuedNotices`), so that the worker is woken as for any queueing.
// State: per database handle, the orders waiting for the next batch and whether one runs.
import { CompiledQuery, type Insertable } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { IdempotencyKeysTable, OrdersTable } from '../db/schema.ts';
import type { StockTake } from './orders.types.ts';
import type { newLineRows } from './orders.repository.ts';

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
  /** The encrypted body's IV to record first (null: a plain request, or recorded already). */
  iv: SealedIv | null;
}

export interface SealedIv {
  sessionId: string;
  iv: string;
  seenAt: Date;
  /** The session's cap (SECURE_SESSION_MAX_MESSAGES). */
  max: number;
}

/** Sent as is: its text never changes, so nothing is compiled per batch. */
const PLACE_SEALED_ORDERS = 'select place_sealed_orders($1::jsonb) as ids';

/** Orders per statement: bounds one batch's locks and its statement's size. */
const MAX_BATCH = 64;

/** A deadlock the database broke by failing this batch: nothing of it was written. */
const DEADLOCK = '40P01';

/** What the statement did with one order. */
export interface OneStatementOutcome {
  /** The new order's id, or undefined when the general path must decide. */
  orderId: number | undefined;
  /** Some order of its batch queued notification rows (an item taken to 0). */
  queuedNotices: boolean;
}

interface Waiting {
  order: OneStatementOrder;
  settle: (outcome: OneStatementOutcome) => void;
  fail: (error: unknown) => void;
}

interface Batcher {
  waiting: Waiting[];
  running: boolean;
}

const batchers = new WeakMap<Db, Batcher>();

function batchRow(o: OneStatementOrder) {
  return {
    order: o.order,
    lines: o.lines,
    takes: o.takes.map(takeRow),
    person: o.person,
    open_limit: o.openOrdersLimit,
    guest_limit: o.guestOrdersLimit,
    guest_since: o.guestSince.toISOString(),
    key: o.key,
    reply_head: o.replyHead,
    reply_tail: o.replyTail,
    iv:
      o.iv === null
        ? null
        : {
            session_id: o.iv.sessionId,
            iv: o.iv.iv,
            seen_at: o.iv.seenAt.toISOString(),
            max: o.iv.max,
          },
  };
}

async function runBatch(db: Db, batch: readonly Waiting[]): Promise<void> {
  try {
    const rows = JSON.stringify(batch.map((w) => batchRow(w.order)));
    const result = await db.executeQuery<{ ids: (number | null)[] }>(
      CompiledQuery.raw(PLACE_SEALED_ORDERS, [rows]),
    );
    const ids = result.rows[0]?.ids ?? [];
    const queuedNotices = ids.length > batch.length;
    batch.forEach((w, i) => {
      w.settle({ orderId: ids[i] ?? undefined, queuedNotices });
    });
  } catch (error) {
    const deadlock = (error as { code?: unknown }).code === DEADLOCK;
    for (const w of batch) {
      if (deadlock) w.settle({ orderId: undefined, queuedNotices: false });
      else w.fail(error);
    }
  }
}

async function drain(db: Db, batcher: Batcher): Promise<void> {
  batcher.running = true;
  while (batcher.waiting.length > 0) await runBatch(db, batcher.waiting.splice(0, MAX_BATCH));
  batcher.running = false;
}

/** The new order's id (undefined when the general path must decide), and what else it did. */
export function placeOrderInOneStatement(
  db: Db,
  order: OneStatementOrder,
): Promise<OneStatementOutcome> {
  let batcher = batchers.get(db);
  if (batcher === undefined) {
    batcher = { waiting: [], running: false };
    batchers.set(db, batcher);
  }
  const queue = batcher;
  return new Promise((settle, fail) => {
    queue.waiting.push({ order, settle, fail });
    if (!queue.running) void drain(db, queue);
  });
}

function takeRow(take: StockTake) {
  return { item_id: take.itemId, size_label: take.sizeLabel, quantity: take.quantity };
}
