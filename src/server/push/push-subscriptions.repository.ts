// push_subscriptions: each person's browsers (one row per endpoint) and push_deliveries: which
// of them got which notification.
import type { Transaction } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';
import type { NewSubscription, StoredSubscription } from './push.types.ts';

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

export async function listUserSubscriptions(db: Db, userId: number): Promise<StoredSubscription[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The push service said the subscription is gone (404/410): its deliveries go with it. */
export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/**
 * Claims the delivery of a notification to a subscription: true when this caller may send.
 * A row exists from an earlier attempt: 'sent' or 'failed' stay done; a 'sending' claim is
 * taken over only once older than `staleBefore` (its sender died mid-send), compared-and-set
 * on its claim time, so two senders never both win.
 */
export async function claimDelivery(
  db: Db,
  key: { notificationId: number; subscriptionId: number },
  now: string,
  staleBefore: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('push_deliveries')
    .values({
      notification_id: key.notificationId,
      subscription_id: key.subscriptionId,
      status: 'sending',
      claimed_at: now,
      sent_at: null,
    })
    .onConflict((oc) => oc.columns(['notification_id', 'subscription_id']).doNothing())
    .returning('notification_id')
    .executeTakeFirst();
  if (inserted !== undefined) return true;
  const retaken = await db
    .updateTable('push_deliveries')
    .set({ claimed_at: now })
    .where('notification_id', '=', key.notificationId)
    .where('subscription_id', '=', key.subscriptionId)
    .where('status', '=', 'sending')
    .where('claimed_at', '<', staleBefore)
    .returning('notification_id')
    .executeTakeFirst();
  return retaken !== undefined;
}

/** Where the delivery of a notification to a subscription stands (undefined: unclaimed). */
export async function deliveryStatus(
  db: Db,
  key: { notificationId: number; subscriptionId: number },
): Promise<'sending' | 'sent' | 'failed' | undefined> {
  const row = await db
    .selectFrom('push_deliveries')
    .select('status')
    .where('notification_id', '=', key.notificationId)
    .where('subscription_id', '=', key.subscriptionId)
    .executeTakeFirst();
  return row?.status;
}

/** The device got it ('sent', and the subscription's last success), or never will ('failed'). */
export async function finishDelivery(
  db: Db,
  key: { notificationId: number; subscriptionId: number },
  status: 'sent' | 'failed',
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('push_deliveries')
      .set({ status, sent_at: at })
      .where('notification_id', '=', key.notificationId)
      .where('subscription_id', '=', key.subscriptionId)
      .execute();
    if (status === 'sent') {
      await trx
        .updateTable('push_subscriptions')
        .set({ last_success_at: at })
        .where('id', '=', key.subscriptionId)
        .execute();
    }
  });
}

/** A transient failure: the claim goes, so the notification's retry sends to this device. */
export async function releaseDelivery(
  db: Db,
  key: { notificationId: number; subscriptionId: number },
): Promise<void> {
  await db
    .deleteFrom('push_deliveries')
    .where('notification_id', '=', key.notificationId)
    .where('subscription_id', '=', key.subscriptionId)
    .where('status', '=', 'sending')
    .execute();
}
