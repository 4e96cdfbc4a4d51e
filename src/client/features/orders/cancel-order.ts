// 'Cancel Order' (spec sections 4 and 8): through the outbox, the order leaving the history at
// once (a cancelled order disappears from the client's list). A refusal while the client
// waits is the alert 'Failed to cancel order.'; one that comes later shows under "Needs
// attention" and the order comes back. An order still waiting on this device is taken back
// without asking the server. Either way the card's leaving is explained in the status region
// (issue 20 item 2): "Order #12 cancelled", or that the cancel waits to be sent.
import { buildAction, type TypedAction } from '../../offline/actions.ts';
import { withdrawQueuedOrder } from '../../offline/orders-outbox.ts';
import { submit } from '../../offline/submit.ts';
import type { MirrorRow } from '../../offline/types.ts';
import { actionNewsText } from '../../offline/status-texts.ts';
import { announce } from '../../ui/status-toast.tsx';

export const CANCEL_FAILED = 'Failed to cancel order.';
export const CANCEL_WHILE_SENDING = `${CANCEL_FAILED} It is being sent right now: try again in a moment.`;

export const ORDER_WITHDRAWN = 'Order cancelled — it had not been sent';

export function cancelOrderAction(
  orderId: number,
  row: MirrorRow,
  userId: number,
): TypedAction<'order.cancel'> {
  return buildAction('order.cancel', { userId, orderId, row });
}

export async function cancelOrder(orderId: number, row: MirrorRow, userId: number): Promise<void> {
  try {
    const outcome = await submit(cancelOrderAction(orderId, row, userId));
    if (outcome.kind === 'rejected') window.alert(CANCEL_FAILED);
    const news = actionNewsText(
      outcome.kind,
      `Order #${orderId} cancelled`,
      `cancel order #${orderId}`,
    );
    if (news !== null) announce(news);
  } catch {
    window.alert(CANCEL_FAILED);
  }
}

/** Cancel of an order that has not left the device: its queued action is withdrawn. */
export async function withdrawOrder(seq: number): Promise<void> {
  const withdrawn = await withdrawQueuedOrder(seq).catch(() => false);
  if (!withdrawn) window.alert(CANCEL_WHILE_SENDING);
  else announce(ORDER_WITHDRAWN);
}
