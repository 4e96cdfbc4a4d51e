// The delivery side of notifications (issue 19; beyond-spec.md section 3). The worker renders
// a queued row into a RenderedNotification and hands it to a channel; the channel answers with
// a DeliveryOutcome the worker records. The push channel is built in src/server/push/ and put on
// `app.ctx.pushChannel`; without one, push rows are skipped ('push not configured').
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What a person sees: the push payload, and the mail's subject/text/link. */
export interface RenderedNotification {
  title: string;
  body: string;
  /** An app path (same origin), e.g. `/dashboard`. */
  url: string;
  /** Same tag, same notification on the device: a later one replaces it. */
  tag: string;
}

export type DeliveryOutcome =
  | { kind: 'sent' }
  /** Nothing to send to (no device, preference off): final, not an error. */
  | { kind: 'skipped'; reason: string }
  /** Transient (network, 429, 5xx): the worker tries again later, up to its attempts cap. */
  | { kind: 'retry'; reason: string; afterMs?: number }
  /** Permanent: the worker stops trying. */
  | { kind: 'failed'; reason: string };

/** One notification for the push channel: to every device of its person. */
export interface PushDelivery {
  notificationId: number;
  userId: number;
  message: RenderedNotification;
}

/** What a pass's pushes came to. */
export interface PushBatch {
  /** Each delivery's outcome by its notification id. */
  outcomes: Map<number, DeliveryOutcome>;
  /**
   * Records which devices got what (and deletes the subscriptions found gone) in the
   * worker's transaction that records the notifications' outcomes.
   */
  record(trx: Transaction<Database>, at: string): Promise<void>;
}

export interface PushChannel {
  /**
   * Sends a pass's push notifications together: their devices read in one query and claimed
   * in one transaction, the pushes concurrently; nothing is recorded until `record`.
   */
  deliver(batch: readonly PushDelivery[]): Promise<PushBatch>;
}
