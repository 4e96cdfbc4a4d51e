// What the volunteer dashboard shows of its actions' outcomes (the actions themselves:
// actions.ts, sent with submit.ts). Keeps nothing itself:
// the outbox rows are the record. A sign-up the server put on the waitlist stays in the
// outbox as 'done' until the volunteer has seen its notice (dismissWaitlistNotice); every
// other answer the screen saw is acknowledged at once, and a refusal that came while nobody
// waited stays under "Needs attention" (the engine's list).
import { useLiveQuery } from 'dexie-react-hooks';
import type { Saying } from '../i18n/i18n.ts';
import { isWaitlistedReply, VOLUNTEER_KINDS } from './actions.ts';
import { getAppDb } from './app-db.ts';
import { acknowledge } from './outbox.ts';
import { getRememberedUser } from './session-user-store.ts';
import { envelopeMessage } from './outbox-transport.ts';

export interface WaitlistNotice {
  seq: number;
  /** The round's title as queued (the outbox label names it). */
  label: Saying;
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
