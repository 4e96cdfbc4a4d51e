// The drain limits of an order (beyond-spec.md section 1 "Supplies can't be drained"), checked
// inside the order's own transaction before anything is reserved, each a 409 with the shared
// text (rules/order-limits.ts) that the web client also shows before it sends:
// - no item over its maxPerOrder (all sizes together), no custom line over the default, at
//   most MAX_CUSTOM_LINES custom lines;
// - a client: at most OPEN_ORDERS_PER_CLIENT orders PENDING or PROCESSING;
// - a guest: at most GUEST_ORDERS_PER_DAY orders per phone number or email in 24 hours.
// An idempotent replay never gets here (runIdempotent answers it from the stored reply), so a
// replayed order is not counted again.
import {
  GUEST_ORDER_WINDOW_MS,
  GUEST_ORDERS_PER_DAY,
  OPEN_ORDERS_PER_CLIENT,
  ORDER_LIMIT_MESSAGES,
  orderLimitRefusal,
} from '#shared/rules/order-limits';
import type { WriteContext } from '../db/write-context.ts';
import { conflict } from '../errors.ts';
import {
  countGuestOrdersSince,
  countOpenOrders,
  lockClient,
  lockGuestKeys,
} from './order-limits.repository.ts';
import type { ResolvedLine } from './orders.types.ts';

/** Who an order counts against. */
export type OrderingPerson =
  { kind: 'client'; userId: number } | { kind: 'guest'; phoneKey: string; emailKey: string };

/** 409 naming each item over its cap ("Naloxone: at most 2 per order"), or too many custom lines. */
export function checkLineLimits(lines: readonly ResolvedLine[]): void {
  const refusal = orderLimitRefusal(
    lines.map((line) => ({ item: line.item, text: line.itemName, quantity: line.quantity })),
  );
  if (refusal !== null) throw conflict(refusal);
}

/** 409 when the person already has as many orders as the limits allow. Locks first. */
export async function checkPersonLimits(w: WriteContext, person: OrderingPerson): Promise<void> {
  if (person.kind === 'client') {
    await lockClient(w.trx, person.userId, w.rowLocks);
    const open = await countOpenOrders(w.trx, person.userId);
    if (open >= OPEN_ORDERS_PER_CLIENT) throw conflict(ORDER_LIMIT_MESSAGES.tooManyOpenOrders);
    return;
  }
  await lockGuestKeys(w.trx, [`phone:${person.phoneKey}`, `email:${person.emailKey}`], w.rowLocks);
  const since = new Date(w.now.getTime() - GUEST_ORDER_WINDOW_MS);
  const placed = await countGuestOrdersSince(w.trx, person, since);
  if (placed >= GUEST_ORDERS_PER_DAY) throw conflict(ORDER_LIMIT_MESSAGES.guestOrdersPerDay);
}
