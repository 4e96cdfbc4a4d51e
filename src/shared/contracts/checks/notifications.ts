// The notification paths (contracts/notifications.ts re-exports them) and the volunteer's
// calendar-link reply, without zod (check.ts); contracts/notifications.ts holds the zod
// schema `calendarLinkReply` it mirrors.
import { string, successReply, type Check } from './check.ts';

export const NOTIFICATION_PATHS = {
  pushPublicKey: '/api/push/public-key',
  pushSubscriptions: '/api/push/subscriptions',
  preferences: '/api/notifications/preferences',
  unsubscribe: '/api/notifications/unsubscribe',
  calendarLink: '/api/rounds/calendar-link',
  calendarRotate: '/api/rounds/calendar-link/rotate',
  /** `:file` is `<token>.ics`. */
  calendarFeed: '/api/calendar/:file',
} as const;

export const calendarLinkReplyCheck: Check<{ status: 'success'; message: string; url: string }> =
  successReply({ url: string() });
