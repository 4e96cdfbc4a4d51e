// The notification calls of beyond-spec.md section 3 that do not go through the outbox: reads
// (the push key, the preferences) and the mail opt-out link's one post, which a person makes
// from a mail, often signed out, and wants answered now. Changes a signed-in person makes
// (preferences, this device's subscription) are queued actions (offline/actions.ts).
import {
  NOTIFICATION_PATHS,
  notificationPreferencesReply,
  pushPublicKeyReply,
  unsubscribeReply,
  type NotificationPreferences,
} from '#shared/contracts/notifications';
import { apiGet, apiPost } from '../../api/api-client.ts';

/** localStorage: the last VAPID key the server gave, so the switch works with a slow link. */
const PUBLIC_KEY_STORAGE_KEY = 'pushPublicKey';

function storedPublicKey(): string | null {
  try {
    return localStorage.getItem(PUBLIC_KEY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * GET /api/push/public-key: the applicationServerKey (base64url). The server's answer wins;
 * when it cannot be reached, the key it gave before (the key changes only when an operator
 * replaces it, and then every subscription is made again anyway).
 */
export async function readPushPublicKey(): Promise<string> {
  try {
    const { publicKey } = await apiGet(NOTIFICATION_PATHS.pushPublicKey, {
      schema: pushPublicKeyReply,
      background: true,
    });
    try {
      localStorage.setItem(PUBLIC_KEY_STORAGE_KEY, publicKey);
    } catch {
      // storage full or blocked: the next tap asks again
    }
    return publicKey;
  } catch (error) {
    const kept = storedPublicKey();
    if (kept !== null) return kept;
    throw error;
  }
}

/** GET /api/notifications/preferences. Background: a failure shows in the panel, no modal. */
export async function readPreferences(): Promise<NotificationPreferences> {
  const reply = await apiGet(NOTIFICATION_PATHS.preferences, {
    schema: notificationPreferencesReply,
    background: true,
  });
  return { push: reply.push, email: reply.email };
}

/** POST /api/notifications/unsubscribe {token}: the mail's opt-out link, turned into a post. */
export async function postUnsubscribe(token: string): Promise<string> {
  const reply = await apiPost(
    NOTIFICATION_PATHS.unsubscribe,
    { token },
    { schema: unsubscribeReply, background: true },
  );
  return reply.message;
}
