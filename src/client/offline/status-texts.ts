// The offline layer's texts (issue #3; not in the product spec, which has no offline mode),
// and the small time phrases they use, in the current language (issue 21): each is made when
// it is shown, so a change of language reaches it.
import { t } from '../i18n/i18n.ts';
import { formatDate } from '../i18n/format.ts';

export const queuedText = (): string => t('common.offline.queued');
export const offlineBadgeText = (): string => t('common.offline.badge');
export const updateReadyText = (): string => t('common.offline.updateReady');
export const updateReloadLabel = (): string => t('common.offline.reload');
export const needsAttentionTitle = (): string => t('common.offline.needsAttention');
export const refusedLaterText = (): string => t('common.offline.refusedLater');

/** Whether a form's line is the "saved, will send" note. */
function isQueuedNote(said: string | null): boolean {
  return said === queuedText();
}

/**
 * A form's line beside its receipt (issue 17 item 3): what the form said when Submit
 * returned, until the action it queued then is sent (sentText) or refused.
 */
export function formOutcomeText(
  said: string | null,
  receipt: 'waiting' | 'sent' | 'attention' | null,
  sentText: string,
): string | null {
  if (!isQueuedNote(said)) return said;
  if (receipt === 'sent') return sentText;
  return receipt === 'attention' ? refusedLaterText() : queuedText();
}

export function waitingForSignInText(count: number): string {
  return t('common.offline.waitingForSignIn', { count });
}

export function pendingCountText(pending: number, needsAttention: number): string {
  const parts: string[] = [];
  if (pending > 0) parts.push(t('common.offline.changesWaiting', { count: pending }));
  if (needsAttention > 0) parts.push(t('common.offline.needAttention', { count: needsAttention }));
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
  return t('common.offline.longWait', { days });
}

/** "updated just now", "updated 5 minutes ago", "updated 2 hours ago", "updated 3 days ago". */
export function updatedAgoText(refreshedAt: string | null, now: number): string {
  if (refreshedAt === null) return t('common.offline.notUpdatedYet');
  const minutes = Math.max(0, Math.floor((now - Date.parse(refreshedAt)) / 60_000));
  if (minutes < 1) return t('common.offline.updatedJustNow');
  if (minutes < 60) return t('common.offline.updatedMinutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('common.offline.updatedHoursAgo', { count: hours });
  return t('common.offline.updatedDaysAgo', { count: Math.floor(hours / 24) });
}

export function shortDateTime(iso: string): string {
  return formatDate(iso, { dateStyle: 'short', timeStyle: 'short' });
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
  return outcome === 'queued' ? t('common.offline.queuedWhat', { what }) : null;
}
