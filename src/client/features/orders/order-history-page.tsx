// '/orderhistory' (spec section 2 "Order History"): the client's orders from the device's
// copy with "updated N minutes ago", refreshed when the page opens; orders placed here and
// not sent yet are at the top as "Waiting to send"; 'Cancel Order' goes through the outbox.
// A guest has no history (spec section 5).
import { validateOrderHistoryUserId } from '#shared/rules/orders';
import type { SessionUser } from '../../session/session-user.ts';
import { isGuest } from '../../session/session-user.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import card from '../../ui/card.module.css';
import { useConfirm, type Confirmation, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { TitledPage } from '../../ui/titled-page.tsx';
import { QUEUED_TEXT } from '../../offline/status-texts.ts';
import { UpdatedAgo } from '../../offline/updated-ago.tsx';
import { cancelOrder, withdrawOrder } from './cancel-order.ts';
import { useCancelledOrders, useCancelNotices } from './cancelled-orders.ts';
import { CancelledSection, CancelNotices } from './cancelled-section.tsx';
import { usePendingCancels, useHistory, type HistoryEntry } from './history-data.ts';
import { OrderCard } from './order-card.tsx';
import { useHistoryRefresh } from './use-history-refresh.ts';
import styles from './orders.module.css';

export const ORDER_HISTORY_TITLE = 'Order History';
export const NO_ORDERS = 'You have no orders yet.';

/** Cancel Order asks first (issue 20 item 2): it gives the order up for good. */
export function cancelQuestion(orderId: number | null): ConfirmRequest {
  const name = orderId === null ? 'this new order' : `order #${orderId}`;
  return {
    title: `Cancel ${name}?`,
    description:
      orderId === null
        ? 'It has not been sent yet, so it will never be sent.'
        : 'The team will not deliver it, and its items go back in stock. This cannot be undone.',
    confirmLabel: 'Cancel order',
    keepLabel: 'Keep order',
  };
}

async function onCancel(entry: HistoryEntry, userId: number, confirm: Confirmation['confirm']) {
  const { order, row, sending } = entry;
  if (!(await confirm(cancelQuestion(order.orderId)))) return;
  if (order.orderId !== null) await cancelOrder(order.orderId, row, userId);
  else if (sending !== null) await withdrawOrder(sending.seq);
}

function PendingCancels() {
  const rows = usePendingCancels();
  if (rows.length === 0) return null;
  return (
    <ul className={styles.pendingCancels} aria-label="Cancels waiting to send">
      {rows.map((row) => (
        <li key={row.seq} role="status">
          {row.label} — {QUEUED_TEXT}
        </li>
      ))}
    </ul>
  );
}

function History({ user, userId }: { user: SessionUser; userId: number }) {
  const error = useHistoryRefresh(user);
  const entries = useHistory();
  const { confirm, dialog } = useConfirm();
  const cancelled = useCancelledOrders(userId);
  const notices = useCancelNotices(userId, cancelled);
  return (
    <>
      <p className={styles.updated}>
        <UpdatedAgo list="myOrders" />
      </p>
      <ErrorMessage text={error} />
      <CancelNotices unseen={notices.unseen} onDismiss={notices.dismiss} />
      <PendingCancels />
      {entries !== undefined && entries.length === 0 && <p className={styles.empty}>{NO_ORDERS}</p>}
      {entries !== undefined && entries.length > 0 && (
        <ul className={`${card.list} ${styles.twoColumns}`} aria-label="Orders">
          {entries.map((entry) => (
            <OrderCard
              key={entry.row.key}
              entry={entry}
              onCancel={() => void onCancel(entry, userId, confirm)}
            />
          ))}
        </ul>
      )}
      <CancelledSection orders={cancelled} />
      {dialog}
    </>
  );
}

export function OrderHistoryPage() {
  const user = useSessionUser();
  const guestProblem = isGuest(user) ? validateOrderHistoryUserId(null) : null;
  const problem = guestProblem ?? validateOrderHistoryUserId(user?.userId);
  return (
    <TitledPage title={ORDER_HISTORY_TITLE} backLabel="Back to Home">
      {problem !== null || user === null || user.userId === null ? (
        <ErrorMessage text={problem} />
      ) : (
        <History user={user} userId={user.userId} />
      )}
    </TitledPage>
  );
}
