// "Sent ✓" after the outbox row is gone (issue 17 item 3). A screen acknowledges the row of
// an answered action and the replayer prunes unread ones after an hour, yet the person who
// made the action still expects its card to say it went, after a reload too. So when a done
// row leaves the outbox, the time the server took it is kept here, in
// syncMeta (every tab and a reload read it), for a day: past that the card's own state (an
// order's COMPLETED, a round under My Rounds) is the record. A refusal discarded on the entity
// forgets it (its latest action was not sent), and a logout forgets them all (wipe.ts).
import type { AppDb } from './app-db.ts';
import type { OutboxRow } from './types.ts';

const SENT_RECEIPTS_KEY = 'receipts:sent';
export const SENT_RECEIPT_KEEP_MS = 24 * 60 * 60_000;
/** A bound on the record (a busy day's actions fit many times over). */
const MAX_SENT_RECEIPTS = 500;

/** receipt key → when the server took the latest action under it (ISO). */
type SentReceipts = Record<string, string>;

/**
 * What a receipt is read by: the entity ('order:12'), or for an action on none (a form's
 * submission) the action itself. Forms get no entity of their own: an entity key changes how
 * the replayer orders and holds actions, which a receipt has no business doing.
 */
export function receiptKeyOf(row: Pick<OutboxRow, 'seq' | 'entityKey'>): string {
  return row.entityKey ?? actionReceiptKey(row.seq);
}

export const actionReceiptKey = (seq: number) => `action:${seq}`;

async function readAll(db: AppDb): Promise<SentReceipts> {
  const row = await db.syncMeta.get(SENT_RECEIPTS_KEY);
  const value: unknown = row?.value;
  return typeof value === 'object' && value !== null ? (value as SentReceipts) : {};
}

/** The receipts still within the day, newest first, at most MAX_SENT_RECEIPTS. */
function kept(receipts: SentReceipts, now: Date): SentReceipts {
  const since = now.getTime() - SENT_RECEIPT_KEEP_MS;
  const fresh = Object.entries(receipts)
    .filter(([, at]) => Date.parse(at) >= since)
    .sort(([, a], [, b]) => b.localeCompare(a))
    .slice(0, MAX_SENT_RECEIPTS);
  return Object.fromEntries(fresh);
}

/** Call inside a transaction over outbox and syncMeta that deletes these done rows. */
export async function rememberSent(db: AppDb, rows: readonly OutboxRow[], now: Date) {
  const sent = rows.filter((r) => r.status === 'done');
  if (sent.length === 0) return;
  const receipts = await readAll(db);
  for (const row of sent) receipts[receiptKeyOf(row)] = row.updatedAt;
  await db.syncMeta.put({ key: SENT_RECEIPTS_KEY, value: kept(receipts, now) });
}

export async function forgetSent(db: AppDb, row: OutboxRow): Promise<void> {
  const key = receiptKeyOf(row);
  const receipts = await readAll(db);
  if (!(key in receipts)) return;
  const rest = Object.entries(receipts).filter(([kept]) => kept !== key);
  await db.syncMeta.put({ key: SENT_RECEIPTS_KEY, value: Object.fromEntries(rest) });
}

export async function forgetAllSent(db: AppDb): Promise<void> {
  await db.syncMeta.delete(SENT_RECEIPTS_KEY);
}

/** Whether the latest action under the key was sent within the day (its row has gone). */
export async function wasSent(db: AppDb, receiptKey: string, now = new Date()): Promise<boolean> {
  const at = (await readAll(db))[receiptKey];
  return at !== undefined && Date.parse(at) >= now.getTime() - SENT_RECEIPT_KEEP_MS;
}
