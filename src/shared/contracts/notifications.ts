// Reaching people outside the app (issue 19; beyond-spec.md section 3): Web Push
// subscriptions, notification preferences, the mail opt-out link, and the volunteer's
// calendar feed. Written once here: the server registers these paths and validates with these
// schemas, the client builds its calls from them, and the API document shows them.
// - GET /api/push/public-key (public): the VAPID public key the browser subscribes with.
// - POST /api/push/subscriptions (signed in): this device's PushSubscription JSON → 201.
// - DELETE /api/push/subscriptions (signed in): forget one of the caller's endpoints.
// - GET / PUT /api/notifications/preferences (signed in): {push, email}.
// - POST /api/notifications/unsubscribe (public): the signed token of a mail's opt-out link
//   turns that person's mail off (RFC 8058 one-click posts here too).
// - GET /api/rounds/calendar-link (VOLUNTEER): the secret feed address; POST …/rotate makes a
//   new one and the old stops working. GET /api/calendar/{token}.ics (public, the token is the
//   key): text/calendar, RFC 5545.
import { z } from 'zod';
import { issueText } from '../i18n/issue-messages.ts';
import { message, type Message } from '../i18n/messages.ts';
import { successReply } from './replies.ts';

export { NOTIFICATION_PATHS } from './checks/notifications.ts';

export const NOTIFICATION_LIMITS = {
  /** Browsers' push endpoints are a few hundred characters. */
  endpointMax: 2048,
  /** base64url of a 65-byte P-256 point is 87 characters; of a 16-byte secret, 22. */
  keyMax: 200,
  tokenMax: 200,
} as const;

/** What a field's refusal says (after "field: "), worded in the caller's language. */
export const NOTIFICATION_MESSAGES = {
  endpoint: message('server.notifications.endpoint'),
  endpointHost: message('server.notifications.endpointHost'),
  p256dh: message('server.notifications.p256dh'),
  auth: message('server.notifications.auth'),
  preference: message('server.notifications.preference'),
  token: message('server.notifications.token'),
} as const satisfies Record<string, Message>;

const ENDPOINT = issueText(NOTIFICATION_MESSAGES.endpoint);
const TOKEN = issueText(NOTIFICATION_MESSAGES.token);

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const endpoint = z
  .string({ error: ENDPOINT })
  .max(NOTIFICATION_LIMITS.endpointMax, ENDPOINT)
  .refine((text) => URL.canParse(text) && new URL(text).protocol === 'https:', {
    error: ENDPOINT,
  });

function base64urlKey(refusal: Message) {
  const said = issueText(refusal);
  return z
    .string({ error: said })
    .min(1, said)
    .max(NOTIFICATION_LIMITS.keyMax, said)
    .regex(BASE64URL, said);
}

/** A PushSubscription's toJSON(), as the browser gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64urlKey(NOTIFICATION_MESSAGES.p256dh),
    auth: base64urlKey(NOTIFICATION_MESSAGES.auth),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushPublicKeyReply = successReply({
  /** base64url of the uncompressed P-256 point (65 bytes), the applicationServerKey. */
  publicKey: z.string(),
});
export const pushSubscribeRequest = z.object({ subscription: pushSubscriptionSchema });
export const pushUnsubscribeRequest = z.object({ endpoint });
export const pushSubscriptionReply = successReply({});

const preference = z.boolean({ error: issueText(NOTIFICATION_MESSAGES.preference) });
export const notificationPreferencesSchema = z.object({ push: preference, email: preference });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesReply = successReply(notificationPreferencesSchema.shape);

export const unsubscribeRequest = z.object({
  token: z.string({ error: TOKEN }).min(1, TOKEN).max(NOTIFICATION_LIMITS.tokenMax, TOKEN),
});
export const unsubscribeReply = successReply({});
/**
 * RFC 8058 one-click: a mail client POSTs the form `List-Unsubscribe=One-Click` to the URL of
 * the mail's List-Unsubscribe header, the token in its query. The route reads the token from
 * the JSON body ({token}, the app's /unsubscribe screen) or else from the query.
 */
export const unsubscribeQuery = z.object({ token: unsubscribeRequest.shape.token.optional() });
export const unsubscribeBody = z.object({ token: unsubscribeRequest.shape.token.optional() });

export const calendarLinkReply = successReply({
  /** https://…/api/calendar/<token>.ics (PUBLIC_URL); the client shows a webcal: form too. */
  url: z.string(),
});
export const calendarFeedParams = z.object({ file: z.string().max(NOTIFICATION_LIMITS.tokenMax) });

/** The JSON a push carries (beyond-spec.md section 3); the service worker shows it. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the app (same origin) the notification's tap opens. */
  url: z.string(),
  /** Same tag, same notification: a later one replaces it on the device. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
