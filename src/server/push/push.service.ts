// Storing and forgetting a person's push subscriptions (beyond-spec.md section 3).
import { ECDH } from 'node:crypto';
import type { PushSubscriptionJson } from '#shared/contracts/notifications';
import type { SignedInWrite } from '../db/write-context.ts';
import { endpointProblem, type EndpointProblem } from './push-hosts.ts';
import {
  deleteOlderSubscriptions,
  deleteUserSubscription,
  upsertSubscription,
} from './push-subscriptions.repository.ts';

/**
 * Devices kept per person: a subscribe names any endpoint on a push service, so without a cap
 * one account could grow the table (and each notification's fan-out) without end. A person
 * has a phone or two; past this, the ones subscribed longest ago are dropped.
 */
export const SUBSCRIPTIONS_PER_USER = 10;

export type SubscriptionProblem = EndpointProblem | 'p256dh' | 'auth';

/** Whether the browser's keys are what RFC 8291 needs: a P-256 point and a 16-byte secret. */
function keyProblem(keys: PushSubscriptionJson['keys']): 'p256dh' | 'auth' | undefined {
  const point = Buffer.from(keys.p256dh, 'base64url');
  try {
    // Throws for a point not on the curve (or not a point).
    if (point.length !== 65 || point[0] !== 4) return 'p256dh';
    ECDH.convertKey(point, 'prime256v1');
  } catch {
    return 'p256dh';
  }
  return Buffer.from(keys.auth, 'base64url').length === 16 ? undefined : 'auth';
}

/** What refuses the subscription, or undefined when it is stored. */
export function subscriptionProblem(
  sub: PushSubscriptionJson,
  pushHosts: readonly string[],
): SubscriptionProblem | undefined {
  return endpointProblem(sub.endpoint, pushHosts) ?? keyProblem(sub.keys);
}

/** Keeps the subscription for the caller (moving it from whoever had the endpoint). */
export async function subscribe(write: SignedInWrite, sub: PushSubscriptionJson): Promise<void> {
  const userId = write.actor.userId;
  await upsertSubscription(write.trx, {
    userId,
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    now: write.now.toISOString(),
  });
  await deleteOlderSubscriptions(write.trx, userId, SUBSCRIPTIONS_PER_USER);
}

/** Forgets the endpoint when it is the caller's; someone else's is left alone. */
export async function unsubscribe(write: SignedInWrite, endpoint: string): Promise<boolean> {
  return (await deleteUserSubscription(write.trx, write.actor.userId, endpoint)) > 0;
}
