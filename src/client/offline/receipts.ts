// Receipts (issue 17 item 3): where a person made an action, what became of it — waiting,
// sent, or needing attention — read from the outbox. An action the screen saw answered is
// acknowledged and leaves the outbox, so the device remembers (for this run of the app) which
// entities it has seen waiting: one that then has no row left was sent. A refused action
// stays as 'rejected' until Retry or Discard, so its receipt says so until then.
import { useLiveQuery } from 'dexie-react-hooks';
import { getAppDb, type AppDb } from './app-db.ts';
import type { OutboxRow } from './types.ts';

/** Waiting covers queued and in flight: neither is known to the server yet. */
export type ReceiptState = 'waiting' | 'sent' | 'attention';

/** Entities seen with an action waiting, in this run: no row left afterwards means sent. */
const seenWaiting = new Set<string>();

/** The receipt of an entity's latest action; null when it has none to show. */
export function receiptOf(rows: readonly OutboxRow[], wasWaiting: boolean): ReceiptState | null {
  const latest = rows.reduce<OutboxRow | null>(
    (a, r) => (a === null || r.seq > a.seq ? r : a),
    null,
  );
  if (latest === null) return wasWaiting ? 'sent' : null;
  switch (latest.status) {
    case 'queued':
    case 'sending':
      return 'waiting';
    case 'done':
      return 'sent';
    case 'rejected':
      return 'attention';
  }
}

/** The receipt of the actions on one entity now, noting what this run has seen waiting. */
export async function entityReceipt(db: AppDb, entityKey: string): Promise<ReceiptState | null> {
  const rows = await db.outbox.filter((r) => r.entityKey === entityKey).toArray();
  const state = receiptOf(rows, seenWaiting.has(entityKey));
  if (state === 'waiting') seenWaiting.add(entityKey);
  // A refusal dealt with (Retry queues it again, Discard drops it) was not sent.
  if (state === 'attention') seenWaiting.delete(entityKey);
  return state;
}

/**
 * The receipt of the actions on one entity ('order:12', 'round:4', as the action map keys
 * them), live: it changes as the action travels, whichever tab sends it.
 */
export function useReceipt(entityKey: string | null): ReceiptState | null {
  return (
    useLiveQuery(
      () => (entityKey === null ? null : entityReceipt(getAppDb(), entityKey)),
      [entityKey],
    ) ?? null
  );
}

/** Forgets what this run has seen (tests; a logout). */
export function forgetReceipts(): void {
  seenWaiting.clear();
}
