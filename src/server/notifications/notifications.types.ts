// The shapes the notification area shares: the kinds of notification and the params each
// queued row carries (JSON in notifications.params). Params hold what the texts need —
// titles, times, ids — and never a client's address, phone or name.
import type { NotificationChannelName, NotificationStatus } from '../db/schema.ts';

export type { NotificationChannelName, NotificationStatus };

export interface RoundParams {
  roundId: number;
  title: string;
  /** ISO 8601 UTC. */
  startTime: string;
  location: string | null;
}

export interface NotificationParamsByKind {
  'round.reminder': RoundParams & { signupId: number };
  'signup.confirmed': RoundParams & { signupId: number };
  'signup.rejected': RoundParams;
  'round.cancelled': RoundParams;
  'round.changed': RoundParams;
  'order.completed': { orderId: number };
  'order.cancelled': { orderId: number };
  'application.new': { applicationId: number };
  'item.outOfStock': { itemId: number; name: string };
}

export type NotificationKind = keyof NotificationParamsByKind;

export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'round.reminder',
  'signup.confirmed',
  'signup.rejected',
  'round.cancelled',
  'round.changed',
  'order.completed',
  'order.cancelled',
  'application.new',
  'item.outOfStock',
];

/** One event to queue: each recipient gets a row per channel, once per event_key. */
export interface NotificationEvent<K extends NotificationKind = NotificationKind> {
  kind: K;
  eventKey: string;
  userIds: readonly number[];
  params: NotificationParamsByKind[K];
  /** When it may be sent; default now. */
  dueAt?: Date;
}

/** A claimed row, as the worker sends it. */
export interface ClaimedNotification {
  id: number;
  userId: number;
  kind: string;
  eventKey: string;
  channel: NotificationChannelName;
  params: string;
  attempts: number;
}

/** What the channels need to know of the person. */
export interface Recipient {
  userId: number;
  email: string | null;
  emailVerified: boolean;
  notifyPush: boolean;
  notifyEmail: boolean;
  /** users.language as stored: mail and push are worded in it (null: English). */
  language: string | null;
}

/** A CONFIRMED sign-up of a round starting within the reminder window, not reminded yet. */
export interface ReminderCandidate {
  signupId: number;
  userId: number;
  roundId: number;
  title: string;
  startTime: string;
  location: string | null;
}
