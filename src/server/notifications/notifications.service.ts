// Queueing notifications (beyond-spec.md section 3, events 1–5): every event is written to
// the notifications table in the transaction of the change that causes it, one row per
// recipient and channel, once per event key (a replay or a second run of the same change adds
// nothing). A change that rolls back takes its rows with it. The worker sends them after the
// commit; `queuedSince` lets the app wake it at once (notification-worker.ts).
import type { LiveSignupStatus } from '../db/schema.ts';
import type { WriteContext } from '../db/write-context.ts';
import {
  adminUserIds,
  emptyItems,
  insertNotifications,
  signedUpUserIds,
} from './notifications.repository.ts';
import type { NotificationEvent, NotificationKind, RoundParams } from './notifications.types.ts';

type Queueing = Pick<WriteContext, 'trx' | 'now'>;

/** Bumped by every queueing in this process; the worker wakes when it changed. */
let queuedCount = 0;

/** How many queueings this process made so far (rolled-back ones included: a spare wake-up). */
export function queuedSince(): number {
  return queuedCount;
}

/**
 * Rows queued by the database itself in a committed statement of this process (PostgreSQL's
 * place_order queues "item out of stock"): counted like a queueing, so the worker wakes.
 */
export function noteQueuedByStatement(): void {
  queuedCount += 1;
}

export async function queueNotification<K extends NotificationKind>(
  w: Queueing,
  event: NotificationEvent<K>,
): Promise<void> {
  const userIds = [...new Set(event.userIds)];
  if (userIds.length === 0) return;
  const params = JSON.stringify(event.params);
  const dueAt = (event.dueAt ?? w.now).toISOString();
  const rows = userIds.map((userId) => ({
    userId,
    kind: event.kind,
    eventKey: event.eventKey,
    params,
    dueAt,
  }));
  await insertNotifications(w.trx, rows, w.now.toISOString());
  queuedCount += 1;
}

/** The round as the texts need it (no one's personal data). */
export interface RoundFacts {
  id: number;
  title: string;
  start_time: string;
  location: string | null;
}

function roundParams(round: RoundFacts): RoundParams {
  return {
    roundId: round.id,
    title: round.title,
    startTime: round.start_time,
    location: round.location,
  };
}

/** Event 2: WAITLISTED sign-ups confirmed (the lottery, an admin): "You're in". */
export async function notifySignupsConfirmed(
  w: Queueing,
  round: RoundFacts,
  signups: readonly { id: number; user_id: number }[],
): Promise<void> {
  for (const signup of signups) {
    await queueNotification(w, {
      kind: 'signup.confirmed',
      eventKey: `signup.confirmed:signup:${signup.id}`,
      userIds: [signup.user_id],
      params: { ...roundParams(round), signupId: signup.id },
    });
  }
}

/** Event 3: an admin rejected the sign-up. */
export async function notifySignupRejected(
  w: Queueing,
  round: RoundFacts,
  signup: { id: number; user_id: number },
): Promise<void> {
  await queueNotification(w, {
    kind: 'signup.rejected',
    eventKey: `signup.rejected:signup:${signup.id}`,
    userIds: [signup.user_id],
    params: roundParams(round),
  });
}

const LIVE: readonly LiveSignupStatus[] = ['CONFIRMED', 'WAITLISTED'];

/**
 * Event 3: the round was cancelled; to its CONFIRMED and WAITLISTED volunteers. The cancel's
 * time names the event, as a change's does: a round set back to SCHEDULED and cancelled
 * again is told again (its first key would make the queue drop the second cancel).
 */
export async function notifyRoundCancelled(w: Queueing, round: RoundFacts): Promise<void> {
  await queueNotification(w, {
    kind: 'round.cancelled',
    eventKey: `round.cancelled:round:${round.id}:${w.now.toISOString()}`,
    userIds: await signedUpUserIds(w.trx, round.id, LIVE),
    params: roundParams(round),
  });
}

/**
 * Event 3: the round's time or place changed (nothing when neither did, so running the same
 * update again queues nothing). The change's time names the event: each change is one.
 */
export async function notifyRoundChanged(
  w: Queueing,
  before: RoundFacts & { end_time: string; status: string },
  after: RoundFacts & { end_time: string },
): Promise<void> {
  const moved =
    before.start_time !== after.start_time ||
    before.end_time !== after.end_time ||
    before.location !== after.location;
  // A cancelled round set back on: its volunteers were told it was cancelled, so they are
  // told when and where it now is.
  const reinstated = before.status === 'CANCELLED';
  if (!moved && !reinstated) return;
  await queueNotification(w, {
    kind: 'round.changed',
    eventKey: `round.changed:round:${before.id}:${w.now.toISOString()}`,
    userIds: await signedUpUserIds(w.trx, before.id, LIVE),
    params: roundParams(after),
  });
}

/** Event 4: a client's order COMPLETED, or CANCELLED by someone else (guest orders: nobody). */
export async function notifyOrderClosed(
  w: Queueing,
  order: { id: number; userId: number | null },
  outcome: 'completed' | 'cancelled',
): Promise<void> {
  if (order.userId === null) return;
  await queueNotification(w, {
    kind: outcome === 'completed' ? 'order.completed' : 'order.cancelled',
    eventKey: `order.${outcome}:order:${order.id}`,
    userIds: [order.userId],
    params: { orderId: order.id },
  });
}

/** Event 5: a new volunteer application, to every admin. */
export async function notifyNewApplication(w: Queueing, applicationId: number): Promise<void> {
  await queueNotification(w, {
    kind: 'application.new',
    eventKey: `application.new:application:${applicationId}`,
    userIds: await adminUserIds(w.trx),
    params: { applicationId },
  });
}

/**
 * Event 5: items of `itemIds` whose stock this change took to 0, to every admin. The item's
 * updated_at (the change's time) is in the key: it runs out again after a restock, a new event.
 * PostgreSQL's one-statement order path writes the same rows in SQL (place_order, the
 * 2026-12-03T1000 migration): a change here is a change there.
 */
export async function notifyItemsOutOfStock(
  w: Queueing,
  itemIds: readonly number[],
): Promise<void> {
  const empty = await emptyItems(w.trx, [...new Set(itemIds)]);
  if (empty.length === 0) return;
  const admins = await adminUserIds(w.trx);
  for (const item of empty) {
    await queueNotification(w, {
      kind: 'item.outOfStock',
      eventKey: `item.outOfStock:item:${item.id}:${item.updatedAt}`,
      userIds: admins,
      params: { itemId: item.id, name: item.name },
    });
  }
}
