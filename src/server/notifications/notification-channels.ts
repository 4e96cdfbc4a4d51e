// The delivery side of notifications (issue 19; beyond-spec.md section 3). The worker renders
// a queued row into a RenderedNotification and hands it to a channel; the channel answers with
// a DeliveryOutcome the worker records. The push channel is built in src/server/push/ and put on
// `app.ctx.pushChannel`; without one, push rows are skipped ('push not configured').

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

export interface PushChannel {
  deliver(input: {
    notificationId: number;
    userId: number;
    message: RenderedNotification;
  }): Promise<DeliveryOutcome>;
}
