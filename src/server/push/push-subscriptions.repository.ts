// push_subscriptions: each person's browsers (one row per endpoint) and push_deliveries: which
// of them got which notification.
import type { ExpressionBuilder, Transaction } from 'kysely';
import { inList } from '../db/in-list.ts';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';
import type {
  DeliveriesDone,
  DeliveryClaim,
  DeliveryKey,
  NewSubscription,
  StoredSubscription,
} from './push.types.ts';

/**
 * Stores the endpoint for this user. An endpoint already stored moves to this user with its
 * new keys (a shared device: another person signed in and subscribed); `created_at` is the
 * time of the last subscribe, so the cap drops the devices not subscribed again longest.
 */
export async function upsertSubscription(
  trx: Transaction<Database>,
  sub: NewSubscription,
): Promise<void> {
  const fields = { user_id: sub.userId, p256dh: sub.p256dh, auth: sub.auth, created_at: sub.now };
  await trx
    .insertInto('push_subscriptions')
    .values({ ...fields, endpoint: sub.endpoint, last_success_at: null })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(fields))
    .execute();
}

/** Deletes the user's subscriptions beyond the `keep` latest; returns how many went. */
export async function deleteOlderSubscriptions(
  trx: Transaction<Database>,
  userId: number,
  keep: number,
): Promise<number> {
  const kept = trx
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep);
  const result = await trx
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', 'not in', kept)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the endpoint only when it is this user's; returns how many rows went (0 or 1). */
export async function deleteUserSubscription(
  trx: Transaction<Database>,
  userId: number,
  endpoint: string,
): Promise<number> {
  const result = await trx
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The subscriptions of `userIds`, each person's in id order. */
export async function listSubscriptionsOf(
  db: Db,
  userIds: readonly number[],
): Promise<(StoredSubscription & { userId: number })[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', inList([...new Set(userIds)]))
    .orderBy('id')
    .execute();
  return rows.map(({ user_id, ...sub }) => ({ ...sub, userId: user_id }));
}

type Trx = Transaction<Database>;

/**
 * Row values for `(notification_id, subscription_id) IN (…)` and the claim's insert, in key
 * order: two senders whose claims overlap (a lease ran out) insert them in the same order.
 */
function keyTuples(keys: readonly DeliveryKey[]) {
  const sorted = [...keys].sort(
    (a, b) => a.notificationId - b.notificationId || a.subscriptionId - b.subscriptionId,
  );
  return inList(sorted);
}

const keyOf = (k: DeliveryKey) => `${k.notificationId}:${k.subscriptionId}`;

/** `(notification_id, subscription_id) IN (…)` of push_deliveries, for `.where`. */
function keysIn(keys: readonly DeliveryKey[]) {
  return (eb: ExpressionBuilder<Database, 'push_deliveries'>) =>
    eb(
      eb.refTuple('notification_id', 'subscription_id'),
      'in',
      keyTuples(keys).map((k) => eb.tuple(k.notificationId, k.subscriptionId)),
    );
}

/**
 * Claims the deliveries of notifications to subscriptions, in one transaction; answers each
 * key's claim: 'claimed' when this caller may send. A row from an earlier attempt: 'sent' or
 * 'failed' stay done; a 'sending' claim is taken over only once older than `staleBefore` (its
 * sender died mid-send), compared-and-set on its claim time, so two senders never both win;
 * else 'busy' (another sender holds it now). 'gone': the subscription was deleted since the
 * caller read it (an unsubscribe, a logout), so nothing is claimed for it; its insert would
 * have failed the foreign key and with it the whole batch's claim.
 */
export async function claimDeliveries(
  db: Db,
  keys: readonly DeliveryKey[],
  times: { now: string; staleBefore: string },
  rowLocks: boolean,
): Promise<Map<string, DeliveryClaim>> {
  const claims = new Map<string, DeliveryClaim>();
  if (keys.length === 0) return claims;
  const unclaimed = () => keys.filter((k) => !claims.has(keyOf(k)));
  await db.transaction().execute(async (trx) => {
    const live = await lockLiveSubscriptions(trx, keys, rowLocks);
    for (const k of keys) if (!live.has(k.subscriptionId)) claims.set(keyOf(k), 'gone');
    if (unclaimed().length === 0) return;
    markClaimed(claims, await insertClaims(trx, unclaimed(), times.now));
    if (unclaimed().length === 0) return;
    markClaimed(claims, await retakeStaleClaims(trx, unclaimed(), times));
    if (unclaimed().length === 0) return;
    for (const row of await deliveryStatuses(trx, unclaimed())) {
      const key = keyOf({
        notificationId: row.notification_id,
        subscriptionId: row.subscription_id,
      });
      claims.set(key, row.status === 'sending' ? 'busy' : row.status);
    }
  });
  // A row gone between the insert and the read (its subscription deleted): nothing to send.
  for (const k of unclaimed()) claims.set(keyOf(k), 'busy');
  return claims;
}

/**
 * The keys' subscriptions that still exist; on PostgreSQL held FOR KEY SHARE (what the
 * foreign key's own check takes) so none is deleted before the claims commit.
 */
async function lockLiveSubscriptions(
  trx: Trx,
  keys: readonly DeliveryKey[],
  rowLocks: boolean,
): Promise<Set<number>> {
  const ids = [...new Set(keys.map((k) => k.subscriptionId))].sort((a, b) => a - b);
  let query = trx.selectFrom('push_subscriptions').select('id').where('id', 'in', inList(ids));
  if (rowLocks) query = query.forKeyShare();
  return new Set((await query.execute()).map((r) => r.id));
}

function insertClaims(trx: Trx, keys: readonly DeliveryKey[], now: string) {
  return trx
    .insertInto('push_deliveries')
    .values(
      keyTuples(keys).map((k) => ({
        notification_id: k.notificationId,
        subscription_id: k.subscriptionId,
        status: 'sending' as const,
        claimed_at: now,
        sent_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(['notification_id', 'subscription_id']).doNothing())
    .returning(['notification_id', 'subscription_id'])
    .execute();
}

function retakeStaleClaims(
  trx: Trx,
  keys: readonly DeliveryKey[],
  times: { now: string; staleBefore: string },
) {
  return trx
    .updateTable('push_deliveries')
    .set({ claimed_at: times.now })
    .where(keysIn(keys))
    .where('status', '=', 'sending')
    .where('claimed_at', '<', times.staleBefore)
    .returning(['notification_id', 'subscription_id'])
    .execute();
}

function deliveryStatuses(trx: Trx, keys: readonly DeliveryKey[]) {
  return trx
    .selectFrom('push_deliveries')
    .select(['notification_id', 'subscription_id', 'status'])
    .where(keysIn(keys))
    .execute();
}

function markClaimed(
  claims: Map<string, DeliveryClaim>,
  rows: readonly { notification_id: number; subscription_id: number }[],
): void {
  for (const row of rows) {
    claims.set(
      keyOf({ notificationId: row.notification_id, subscriptionId: row.subscription_id }),
      'claimed',
    );
  }
}

/** The claim of a delivery (claimDeliveries) by its key. */
export function claimOf(claims: Map<string, DeliveryClaim>, key: DeliveryKey): DeliveryClaim {
  return claims.get(keyOf(key)) ?? 'busy';
}

/**
 * Records what a pass's claimed deliveries came to, in the caller's transaction: 'sent' (and
 * the subscription's last success) or 'failed' for good; a transient failure's claim goes, so
 * the notification's retry sends to that device; a subscription the push service says is
 * gone (404/410) is deleted, its deliveries with it.
 */
export async function recordDeliveries(trx: Trx, done: DeliveriesDone, at: string): Promise<void> {
  for (const status of ['sent', 'failed'] as const) {
    const keys = status === 'sent' ? done.sent : done.failed;
    if (keys.length === 0) continue;
    await trx
      .updateTable('push_deliveries')
      .set({ status, sent_at: at })
      .where(keysIn(keys))
      .execute();
  }
  if (done.sent.length > 0) {
    const subscriptionIds = [...new Set(done.sent.map((k) => k.subscriptionId))];
    await trx
      .updateTable('push_subscriptions')
      .set({ last_success_at: at })
      .where('id', 'in', inList(subscriptionIds.sort((a, b) => a - b)))
      .execute();
  }
  if (done.released.length > 0) {
    await trx
      .deleteFrom('push_deliveries')
      .where(keysIn(done.released))
      .where('status', '=', 'sending')
      .execute();
  }
  if (done.gone.length > 0) {
    const gone = [...new Set(done.gone)].sort((a, b) => a - b);
    await trx.deleteFrom('push_subscriptions').where('id', 'in', inList(gone)).execute();
  }
}
