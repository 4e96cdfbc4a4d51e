// 'Cancel Order' (spec sections 4 and 8): through the outbox, the order leaving the history at
// once (a cancelled order disappears from the client's list). A refusal while the client
// waits is the alert 'Failed to cancel order.'; one that comes later shows under "Needs
// attention" and the order comes back. An order still waiting on this device is taken back
// without asking the server. Either way the card's leaving is explained in the status region
// (issue 20 item 2): "Order #12 cancelled", or that the cancel waits to be sent.
import { t } from '../../i18n/i18n.ts';
import { buildAction, type TypedAction } from '../../offline/actions.ts';
import { withdrawQueuedOrder } from '../../offline/orders-outbox.ts';
import { submit } from '../../offline/submit.ts';
import type { MirrorRow } from '../../offline/types.ts';
import { actionNewsText } from '../../offline/status-texts.ts';
import { announce } from '../../ui/status-toast.tsx';

// The texts are made when said, in the language of that moment.
export const cancelFailedText = (): string => t('ordering.cancel.failed');
export const cancelWhileSendingText = (): string => t('ordering.cancel.whileSending');
export const orderWithdrawnText = (): string => t('ordering.cancel.withdrawn');

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
    if (outcome.kind === 'rejected') window.alert(cancelFailedText());
    const news = actionNewsText(
      outcome.kind,
      t('ordering.cancel.done', { orderId }),
      t('ordering.cancel.what', { orderId }),
    );
    if (news !== null) announce(news);
  } catch {
    window.alert(cancelFailedText());
  }
}

/** Cancel of an order that has not left the device: its queued action is withdrawn. */
export async function withdrawOrder(seq: number): Promise<void> {
  const withdrawn = await withdrawQueuedOrder(seq).catch(() => false);
  if (!withdrawn) window.alert(cancelWhileSendingText());
  else announce(orderWithdrawnText());
}
