// The volunteer's writes (sign up, cancel sign-up, start delivering and complete an order)
// through the outbox, and what the dashboard shows of their outcomes. Keeps nothing itself:
// the outbox rows are the record. A sign-up the server put on the waitlist stays in the
// outbox as 'done' until the volunteer has seen its notice (dismissWaitlistNotice); every
// other answer the screen saw is acknowledged at once, and a refusal that came while nobody
// waited stays under "Needs attention" (the engine's list).
import { useLiveQuery } from 'dexie-react-hooks';
import { getAppDb } from './app-db.ts';
import { FORM_WAIT_MS, queueAction } from './engine.ts';
import { acknowledge, type QueuedAction } from './outbox.ts';
import { awaitOutcome, type ActionOutcome } from './outcome.ts';
import { getRememberedUser } from './session-user-store.ts';
import { envelopeMessage } from './outbox-transport.ts';

/** Outbox kinds of the volunteer dashboard. */
export const VOLUNTEER_KINDS = {
  signup: 'round.signup',
  cancelSignup: 'round.cancelSignup',
  /** "Start delivery": PENDING → PROCESSING. */
  startDelivery: 'order.startDelivery',
  complete: 'order.complete',
} as const;

export function isWaitlistedReply(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { signupStatus?: unknown }).signupStatus === 'WAITLISTED'
  );
}

/**
 * Queues the action (its optimistic change shows at once) and waits a little for the
 * server: 'sent' or 'rejected' when it answered, 'queued' when it could not be reached.
 */
export async function sendVolunteerAction(action: QueuedAction): Promise<ActionOutcome> {
  const db = getAppDb();
  const seq = await queueAction(action);
  const outcome = await awaitOutcome(db, seq, navigator.onLine ? FORM_WAIT_MS : 0);
  const keepForNotice = outcome.kind === 'sent' && isWaitlistedReply(outcome.verdict.body);
  if (outcome.kind !== 'queued' && !keepForNotice) await acknowledge(db, seq);
  return outcome;
}

export interface WaitlistNotice {
  seq: number;
  /** The round's title as queued (the outbox label names it). */
  label: string;
  /** The server's message. */
  message: string;
}

function messageOf(body: unknown): string {
  return envelopeMessage(body) ?? '';
}

async function waitlistNotices(): Promise<WaitlistNotice[]> {
  const db = getAppDb();
  const user = await getRememberedUser(db);
  const done = await db.outbox.where('status').equals('done').sortBy('seq');
  return done
    .filter((row) => row.kind === VOLUNTEER_KINDS.signup && row.ownerUserId === user?.userId)
    .filter((row) => isWaitlistedReply(row.verdict?.body))
    .map((row) => ({ seq: row.seq, label: row.label, message: messageOf(row.verdict?.body) }));
}

/** Sign-ups the server answered with WAITLISTED that the volunteer has not dismissed. */
export function useWaitlistNotices(): WaitlistNotice[] {
  return useLiveQuery(waitlistNotices, [], []);
}

export async function dismissWaitlistNotice(seq: number): Promise<void> {
  await acknowledge(getAppDb(), seq);
}
