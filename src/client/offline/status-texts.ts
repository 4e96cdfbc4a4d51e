// The offline layer's texts (issue #3; not in the product spec, which has no offline mode),
// and the small time phrases they use.

export const QUEUED_TEXT = 'Saved — will send when online';
export const OFFLINE_BADGE_TEXT = 'Offline';
export const UPDATE_READY_TEXT = 'A new version is ready';
export const UPDATE_RELOAD_LABEL = 'Reload';
export const NEEDS_ATTENTION_TITLE = 'Needs attention';
export const REFUSED_LATER_TEXT =
  'Not sent — the server refused it. Open the changes waiting to retry or discard it.';

/**
 * A form's line beside its receipt (issue 17 item 3): what the form said when Submit
 * returned, until the action it queued then is sent (sentText) or refused.
 */
export function formOutcomeText(
  said: string | null,
  receipt: 'waiting' | 'sent' | 'attention' | null,
  sentText: string,
): string | null {
  if (said !== QUEUED_TEXT) return said;
  if (receipt === 'sent') return sentText;
  return receipt === 'attention' ? REFUSED_LATER_TEXT : said;
}

export function waitingForSignInText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting — sign in to send them`;
}

export function pendingCountText(pending: number, needsAttention: number): string {
  const parts: string[] = [];
  if (pending > 0) parts.push(`${pending} ${pending === 1 ? 'change' : 'changes'} waiting`);
  if (needsAttention > 0)
    parts.push(`${needsAttention} need${needsAttention === 1 ? 's' : ''} attention`);
  return parts.join(', ');
}

/**
 * An action still waiting after this many days is flagged to the person (issue 17 item 4):
 * the server keeps idempotency keys IDEMPOTENCY_DAYS (35 by default), so about a week is left
 * to send it while a replay can still be told from a second action.
 */
export const LONG_WAIT_DAYS = 28;
const DAY_MS = 24 * 60 * 60_000;

/** The whole days an action queued at `createdAt` has waited, once past LONG_WAIT_DAYS. */
export function longWaitDays(createdAt: string, now: number): number | null {
  const waited = now - Date.parse(createdAt);
  return waited > LONG_WAIT_DAYS * DAY_MS ? Math.floor(waited / DAY_MS) : null;
}

export function longWaitText(days: number): string {
  return `Waiting ${days} days — connect to the internet soon so it can be sent.`;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** "updated just now", "updated 5 minutes ago", "updated 2 hours ago", "updated 3 days ago". */
export function updatedAgoText(refreshedAt: string | null, now: number): string {
  if (refreshedAt === null) return 'not updated yet on this device';
  const minutes = Math.max(0, Math.floor((now - Date.parse(refreshedAt)) / 60_000));
  if (minutes < 1) return 'updated just now';
  if (minutes < 60) return `updated ${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `updated ${plural(hours, 'hour')} ago`;
  return `updated ${plural(Math.floor(hours / 24), 'day')} ago`;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

export function shortDateTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/**
 * The news after an action sent through the outbox (issue 20 item 2): what it did once the
 * server took it, or that it waits on this device; null for a refusal (the screen says why).
 */
export function actionNewsText(
  outcome: 'sent' | 'queued' | 'rejected',
  done: string,
  what: string,
): string | null {
  if (outcome === 'sent') return done;
  return outcome === 'queued' ? `${QUEUED_TEXT}: ${what}` : null;
}
