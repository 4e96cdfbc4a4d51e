// What a screen that queued an action shows: the server's answer when it comes quickly, or
// "queued" when the network is away (the replayer will send it later; the outbox list shows
// it). Watches the outbox row with Dexie's liveQuery, so it works whichever tab sends.
import { liveQuery } from 'dexie';
import type { AppDb } from './app-db.ts';
import type { OutboxRow, ServerVerdict } from './types.ts';

export type ActionOutcome =
  | { kind: 'sent'; verdict: ServerVerdict }
  | { kind: 'rejected'; verdict: ServerVerdict; message: string }
  /** Not answered yet: kept in the outbox and sent when the server can be reached. */
  | { kind: 'queued' };

function outcomeOf(row: OutboxRow | undefined): ActionOutcome | null {
  if (row === undefined) return { kind: 'queued' }; // discarded or acknowledged elsewhere
  if (row.status === 'done' && row.verdict !== null) return { kind: 'sent', verdict: row.verdict };
  if (row.status === 'rejected' && row.verdict !== null) {
    return { kind: 'rejected', verdict: row.verdict, message: row.lastError ?? '' };
  }
  // An attempt that ended back in the queue: the network or server is away for now.
  if (row.status === 'queued' && row.attempts > 0) return { kind: 'queued' };
  return null;
}

/**
 * Resolves with the outcome of an action just queued (no attempt made yet), or 'queued' after
 * timeoutMs without one. Attempts count from 0, not from the row as first read: under load
 * the first attempt can fail before the first read, and would then go unnoticed.
 */
export function awaitOutcome(db: AppDb, seq: number, timeoutMs: number): Promise<ActionOutcome> {
  return new Promise((resolve) => {
    let finished = false;
    const finish = (outcome: ActionOutcome) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      // The subscription may not be assigned yet when the first value is already final.
      queueMicrotask(() => subscription.unsubscribe());
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ kind: 'queued' }), timeoutMs);
    const subscription = liveQuery(() => db.outbox.get(seq)).subscribe({
      next: (row) => {
        const outcome = outcomeOf(row);
        if (outcome !== null) finish(outcome);
      },
      error: () => finish({ kind: 'queued' }),
    });
  });
}
