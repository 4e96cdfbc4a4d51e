// The shapes kept on the device (see app-db.ts for where each lives).
import type { Saying } from '../i18n/i18n.ts';

/** Tables that mirror server lists. Screens read them; only the mirror and the outbox write. */
export type MirrorTable = 'catalogue' | 'rounds' | 'assignedOrders' | 'myOrders';

/** One item of a mirrored list, stored as the server sent it (`data`). */
export interface MirrorRow {
  /** `${list}/${id}`: unique in its table even when two lists share it. */
  key: string;
  /** The list it belongs to (e.g. 'myRounds' and 'allRounds' share the rounds table). */
  list: string;
  /** The server's id, or 'local-…' for a row made by a queued action. */
  id: string;
  /** Position in the server's reply, so screens keep the server's order. */
  position: number;
  /** A sub-list, e.g. 'upcoming' / 'past' for the volunteer's rounds. */
  group: string | null;
  data: unknown;
}

/** An optimistic change to a mirror row: put `row`, or delete when `row` is null. */
export interface LocalChange {
  table: MirrorTable;
  key: string;
  row: MirrorRow | null;
}

export type OutboxStatus =
  /** Waiting to be sent (first time or again after a network error). */
  | 'queued'
  /** In flight. A tab that dies mid-send leaves it so; the next replayer re-queues it. */
  | 'sending'
  /** The server refused it (4xx): shown under "Needs attention" with Retry / Discard. */
  | 'rejected'
  /** Answered with success; kept briefly so the screen that queued it can read the reply. */
  | 'done';

export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

export interface ServerVerdict {
  status: number;
  body: unknown;
}

export interface OutboxRow {
  /** Auto-increment: the order actions were queued in. */
  seq: number;
  /** What kind of action, e.g. 'feedback.submit' (see outbox-kinds.ts). */
  kind: string;
  /**
   * A short text for the outbox list ("Feedback", "Cancel order 12"): a Message worded when
   * shown, so a queued action reads in the language chosen since (rows queued before labels
   * were Messages hold the text of their day).
   */
  label: Saying;
  method: WriteMethod;
  path: string;
  /** The request body, sent as is on every attempt. */
  payload: unknown;
  /** Actions on one entity are sent in queue order; null = independent. */
  entityKey: string | null;
  /** Whose action it is: only sent while that user is signed in. null = public form. */
  ownerUserId: number | null;
  /** Made when queued and reused on every automatic retry (wire-protocol.md). */
  idempotencyKey: string;
  status: OutboxStatus;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  lastAttemptAt: string | null;
  lastError: string | null;
  verdict: ServerVerdict | null;
  /** The optimistic change made with it, and what undoes it (recorded when applied). */
  changes: LocalChange[];
  undo: LocalChange[];
}

/** The signed-in user as kept on the device (DESIGN.md offline rule 9). */
export interface RememberedUser {
  userId: number;
  username: string;
  role: 'CLIENT' | 'VOLUNTEER' | 'ADMIN';
  email: string | null;
  phone: string | null;
}

export interface SessionUserRow extends RememberedUser {
  key: 'current';
  savedAt: string;
}

export interface SyncMetaRow {
  /** 'replayer' or 'list:<name>'. */
  key: string;
  value: unknown;
}
