// Receipts (issue 17 item 3): where a person made an action, what became of it — waiting,
// sent, or needing attention — read from the outbox. An action the screen saw answered is
// acknowledged and leaves the outbox; its "Sent ✓" is then read from what sent-receipts.ts
// kept (for a day, across reloads and tabs). A refused action stays as 'rejected' until
// Retry or Discard, so its receipt says so until then.
// The live hook is hooks.ts useReceipt: screens in several lazy chunks use it, and from a
// module of its own it made Rolldown split the JSX runtime out of the entry (a modulepreload).
import { getAppDb, type AppDb } from './app-db.ts';
import { actionReceiptKey, forgetAllSent, receiptKeyOf, wasSent } from './sent-receipts.ts';
import type { OutboxRow } from './types.ts';

/** Waiting covers queued and in flight: neither is known to the server yet. */
export type ReceiptState = 'waiting' | 'sent' | 'attention';

/** The receipt of an entity's latest action; null when it has none to show. */
export function receiptOf(rows: readonly OutboxRow[], sentEarlier: boolean): ReceiptState | null {
  const latest = rows.reduce<OutboxRow | null>(
    (a, r) => (a === null || r.seq > a.seq ? r : a),
    null,
  );
  if (latest === null) return sentEarlier ? 'sent' : null;
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

export { actionReceiptKey };

/**
 * The receipt of the actions on one entity now ('order:12'), or of one action on none
 * (actionReceiptKey(seq): a form's submission).
 */
export async function entityReceipt(db: AppDb, entityKey: string): Promise<ReceiptState | null> {
  const rows = await db.outbox.filter((r) => receiptKeyOf(r) === entityKey).toArray();
  return receiptOf(rows, rows.length === 0 && (await wasSent(db, entityKey)));
}

/** Forgets every kept "Sent ✓" (a logout: wipe.ts; tests). */
export async function forgetReceipts(db: AppDb = getAppDb()): Promise<void> {
  await forgetAllSent(db);
}
