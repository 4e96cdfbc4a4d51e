// The volunteer's calendar feed link (beyond-spec.md section 3 "Calendar feed"): read with GET
// /api/rounds/calendar-link, replaced with POST …/rotate. Not mirrored on the device: the link
// is a secret, so it stays in this tab's memory only (read again after a reload). A rotate is
// sent online only (the screen says so offline); its Idempotency-Key makes a resend safe.
import { NOTIFICATION_PATHS, calendarLinkReplyCheck } from '#shared/contracts/checks/notifications';
import { apiGet, apiPost } from '../../api/api-client.ts';

/** The link for the user, once read in this tab. */
const known = new Map<number, string>();

const claimsOf = (userId: number) => ({ authenticated: true, userId, userRole: 'VOLUNTEER' });

export function knownCalendarLink(userId: number): string | null {
  return known.get(userId) ?? null;
}

export async function loadCalendarLink(userId: number): Promise<string> {
  const reply = await apiGet(NOTIFICATION_PATHS.calendarLink, {
    query: claimsOf(userId),
    schema: calendarLinkReplyCheck,
  });
  known.set(userId, reply.url);
  return reply.url;
}

/** A new link; the old one stops working. */
export async function rotateCalendarLink(userId: number): Promise<string> {
  const reply = await apiPost(NOTIFICATION_PATHS.calendarRotate, claimsOf(userId), {
    idempotencyKey: crypto.randomUUID(),
    schema: calendarLinkReplyCheck,
  });
  // A replayed rotate's stored reply holds no link (the server keeps no copy): read it.
  if (reply.url === '') return loadCalendarLink(userId);
  known.set(userId, reply.url);
  return reply.url;
}

/** The same feed for calendar apps: webcal:// opens the device's calendar to subscribe. */
export function webcalOf(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}
