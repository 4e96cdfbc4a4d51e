// The history as read from the device: the 'myOrders' mirror (the server's orders and the
// ones waiting to send from this device), newest first, cancelled ones left out; each local
// order with the outbox row that will send it, and the cancels still waiting to go.
import { useMirrorList } from '../../offline/hooks.ts';
import { ORDER_KINDS } from '../../offline/actions.ts';
import { useOrderOutbox } from '../../offline/orders-outbox.ts';
import type { MirrorRow, OutboxRow } from '../../offline/types.ts';
import { parseHistoryOrder, type HistoryOrder } from './local-order.ts';

export interface HistoryEntry {
  order: HistoryOrder;
  row: MirrorRow;
  /** For an order placed on this device and not answered yet: its outbox row. */
  sending: OutboxRow | null;
}

function placingRows(outbox: readonly OutboxRow[]): Map<string, OutboxRow> {
  const byKey = new Map<string, OutboxRow>();
  for (const row of outbox) {
    if (row.kind !== ORDER_KINDS.create) continue;
    // An order placed on this device puts its local row in the history: its one change.
    for (const change of row.changes) byKey.set(change.key, row);
  }
  return byKey;
}

export function useHistory(): HistoryEntry[] | undefined {
  const rows = useMirrorList('myOrders');
  const outbox = useOrderOutbox();
  if (rows === undefined || outbox === undefined) return undefined;
  const placing = placingRows(outbox);
  return rows.flatMap((row) => {
    const order = parseHistoryOrder(row.data);
    if (order === null || order.status === 'CANCELLED') return [];
    return [{ order, row, sending: placing.get(row.key) ?? null }];
  });
}

/** Cancels queued or being sent (their orders have already left the list). */
export function usePendingCancels(): OutboxRow[] {
  const outbox = useOrderOutbox() ?? [];
  return outbox.filter(
    (r) => r.kind === ORDER_KINDS.cancel && (r.status === 'queued' || r.status === 'sending'),
  );
}
