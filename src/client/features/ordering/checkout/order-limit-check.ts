// The order limits as this device can know them (beyond-spec.md section 1 "Supplies can't be
// drained"; the rules and texts are shared with the server: rules/order-limits.ts). An order
// the server will refuse is flagged before it is sent, with the server's own text:
// - a line over its item's maxPerOrder, or too many custom lines: from the mirrored catalogue;
// - a client's open orders: the 'myOrders' mirror (the server's open orders, and this device's
//   orders waiting to send as their local rows), in queue order;
// - a guest's 2 orders a day per phone or email: only the guest orders this device holds (the
//   server knows the rest and answers for them).
// Pure: the screens give it what they read (hooks.ts, orders-outbox.ts); queued payloads are
// read through the action map's typed accessors (offline/actions.ts).
import { cargoItemCheck } from '#shared/contracts/checks/cargo';
import {
  emailKey,
  GUEST_ORDER_WINDOW_MS,
  GUEST_ORDERS_PER_DAY,
  limitLinesOf,
  OPEN_ORDERS_PER_CLIENT,
  ORDER_LIMIT_MESSAGES,
  orderLimitRefusal,
  phoneKey,
  type LimitCatalogueItem,
} from '#shared/rules/order-limits';
import { say, t, type Saying } from '../../../i18n/i18n.ts';
import { isActionOf, ORDER_KINDS, placedLines } from '../../../offline/actions.ts';
import type { MirrorRow, OutboxRow } from '../../../offline/types.ts';
import { parseHistoryOrder } from '../../orders/index.ts';

type Item = { itemName: string; quantity: number };

/** Before the reason an order waiting on this device will be refused (at render). */
export function willBeRefusedText(): string {
  return t('ordering.pending.willBeRefused');
}

/** What the device knows that the limits need. */
export interface LimitKnowledge {
  catalogue: readonly LimitCatalogueItem[];
  /** The 'myOrders' mirror (empty for a guest). */
  myOrders: readonly MirrorRow[];
  /** The order actions on this device, in queue order. */
  outbox: readonly OutboxRow[];
}

/** The catalogue mirror's rows that read as items (others are left out). */
export function limitCatalogue(rows: readonly MirrorRow[]): LimitCatalogueItem[] {
  return rows.flatMap((row) => {
    const parsed = cargoItemCheck.safeParse(row.data);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Over a maxPerOrder, or too many custom lines; null when the lines keep the limits. */
export function linesProblem(
  items: readonly Item[],
  catalogue: readonly LimitCatalogueItem[],
): Saying | null {
  const lines = items.map((i) => ({ name: i.itemName, quantity: i.quantity }));
  return orderLimitRefusal(limitLinesOf(lines, catalogue));
}

/** The seq of the outbox action that placed each local order row (by its mirror key). */
function placingSeqs(outbox: readonly OutboxRow[]): Map<string, number> {
  const seqs = new Map<string, number>();
  for (const row of outbox) {
    if (row.kind !== ORDER_KINDS.create) continue;
    // An order placed on this device puts its local row in the history: its one change.
    for (const change of row.changes) seqs.set(change.key, row.seq);
  }
  return seqs;
}

/**
 * The client's orders open before the action `beforeSeq` (all of them when undefined): the
 * server's open ones, and this device's orders placed before it.
 */
function openOrdersBefore(k: LimitKnowledge, beforeSeq: number | undefined): number {
  const seqs = placingSeqs(k.outbox);
  let open = 0;
  for (const row of k.myOrders) {
    const order = parseHistoryOrder(row.data);
    if (order === null || (order.status !== 'PENDING' && order.status !== 'PROCESSING')) continue;
    const seq = seqs.get(row.key);
    if (beforeSeq === undefined || seq === undefined || seq < beforeSeq) open += 1;
  }
  return open;
}

/** What the server will say to a client's order, when the device can know it; else null. */
export function clientOrderProblem(
  items: readonly Item[],
  k: LimitKnowledge,
  beforeSeq?: number,
): Saying | null {
  const lines = linesProblem(items, k.catalogue);
  if (lines !== null) return lines;
  if (openOrdersBefore(k, beforeSeq) >= OPEN_ORDERS_PER_CLIENT) {
    return ORDER_LIMIT_MESSAGES.tooManyOpenOrders;
  }
  return null;
}

function guestContact(row: OutboxRow): { phone: string; email: string } | null {
  if (!isActionOf(row, ORDER_KINDS.guestCreate)) return null;
  const { phone, email } = row.payload;
  return typeof phone === 'string' && typeof email === 'string' ? { phone, email } : null;
}

/** What the server will say to a guest order, as far as this device can know; else null. */
export function guestOrderProblem(
  items: readonly Item[],
  contact: { phone: string; email: string },
  k: LimitKnowledge,
  options: { beforeSeq?: number; now?: Date } = {},
): Saying | null {
  const lines = linesProblem(items, k.catalogue);
  if (lines !== null) return lines;
  const phone = phoneKey(contact.phone);
  const email = emailKey(contact.email);
  const since = new Date((options.now ?? new Date()).getTime() - GUEST_ORDER_WINDOW_MS);
  const same = k.outbox.filter((row) => {
    if (row.kind !== ORDER_KINDS.guestCreate || row.status === 'rejected') return false;
    if (options.beforeSeq !== undefined && row.seq >= options.beforeSeq) return false;
    if (new Date(row.createdAt) <= since) return false;
    const theirs = guestContact(row);
    return (
      theirs !== null && (phoneKey(theirs.phone) === phone || emailKey(theirs.email) === email)
    );
  });
  return same.length >= GUEST_ORDERS_PER_DAY ? ORDER_LIMIT_MESSAGES.guestOrdersPerDay : null;
}

/** The refusal an order still waiting on this device will get; null when none. */
function queuedRefusal(row: OutboxRow, k: LimitKnowledge): Saying | null {
  const items = placedLines(row);
  if (row.kind === ORDER_KINDS.create) return clientOrderProblem(items, k, row.seq);
  const contact = guestContact(row);
  if (contact === null) return null;
  return guestOrderProblem(items, contact, k, { beforeSeq: row.seq, now: new Date(row.createdAt) });
}

/**
 * What the server will say to an order still waiting on this device, in the current language
 * (call it at render); null when nothing.
 */
export function queuedOrderProblem(row: OutboxRow, k: LimitKnowledge): string | null {
  const refusal = queuedRefusal(row, k);
  return refusal === null ? null : say(refusal);
}
