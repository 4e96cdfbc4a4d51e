// The profile's queued notification actions (offline/actions.ts): each goes through the outbox
// like any write, so a change made offline is kept and sent when the server can be reached.
import type {
  NotificationPreferences,
  PushSubscriptionJson,
} from '#shared/contracts/notifications';
import { buildAction } from '../../offline/actions.ts';

export function preferencesAction(userId: number, preferences: NotificationPreferences) {
  return buildAction('notifications.preferences', { userId, preferences });
}

export function subscribeAction(userId: number, subscription: PushSubscriptionJson) {
  return buildAction('push.subscribe', { userId, subscription });
}

export function unsubscribeAction(userId: number, endpoint: string) {
  return buildAction('push.unsubscribe', { userId, endpoint });
}
