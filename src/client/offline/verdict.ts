// How the replayer reads a reply (DESIGN.md offline rule 3).
import { replyErrorCode, type OutboxReply } from './outbox-transport.ts';

export type Verdict =
  /** The server took it. */
  | 'done'
  /** Try again later with the same key: network trouble, 5xx, 429, or a secure session the
   * transport could not renew. */
  | 'transient'
  /** The login ended: wait for the user to sign in again. */
  | 'signed-out'
  /** A domain refusal (400, 403, 404, 409, 422 …): retrying the same request cannot help. */
  | 'rejected';

const TRANSIENT_4XX = new Set([408, 425, 429]);

export function verdictOf(reply: OutboxReply): Verdict {
  const { status } = reply;
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) {
    return replyErrorCode(reply) === 'SESSION_EXPIRED' ? 'transient' : 'signed-out';
  }
  if (status >= 500 || status < 200 || TRANSIENT_4XX.has(status)) return 'transient';
  return 'rejected';
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/**
 * Exponential back-off with jitter: 1 s, 2 s, 4 s … capped at 5 min, each scaled by a
 * random factor in [0.5, 1) so that many devices coming back online do not retry in step.
 */
export function backoffDelayMs(failures: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(exponential * (0.5 + random() / 2));
}
