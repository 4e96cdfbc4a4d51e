// '/orderhistory' (spec section 2 "Order History"): the client's orders from the device's
// copy with "updated N minutes ago", refreshed when the page opens; orders placed here and
// not sent yet are at the top as "Waiting to send"; 'Cancel Order' goes through the outbox.
// A guest has no history (spec section 5).
import { validateOrderHistoryUserId } from '#shared/rules/orders';
import type { SessionUser } from '../../session/session-user.ts';
import { isGuest } from '../../session/session-user.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import card from '../../ui/card.module.css';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { TitledPage } from '../../ui/titled-page.tsx';
import { QUEUED_TEXT } from '../../offline/status-texts.ts';
import { UpdatedAgo } from '../../offline/updated-ago.tsx';
import { cancelOrder, withdrawOrder } from './cancel-order.ts';
import { usePendingCancels, useHistory, type HistoryEntry } from './history-data.ts';
import { OrderCard } from './order-card.tsx';
import { useHistoryRefresh } from './use-history-refresh.ts';
import styles from './orders.module.css';

export const ORDER_HISTORY_TITLE = 'Order History';
export const NO_ORDERS = 'You have no orders yet.';

function onCancel(entry: HistoryEntry, userId: number): void {
  const { order, row, sending } = entry;
  if (order.orderId !== null) void cancelOrder(order.orderId, row, userId);
  else if (sending !== null) void withdrawOrder(sending.seq);
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
  return (
    <>
      <p className={styles.updated}>
        <UpdatedAgo list="myOrders" />
      </p>
      <ErrorMessage text={error} />
      <PendingCancels />
      {entries !== undefined && entries.length === 0 && <p className={styles.empty}>{NO_ORDERS}</p>}
      {entries !== undefined && entries.length > 0 && (
        <ul className={`${card.list} ${styles.twoColumns}`} aria-label="Orders">
          {entries.map((entry) => (
            <OrderCard key={entry.row.key} entry={entry} onCancel={() => onCancel(entry, userId)} />
          ))}
        </ul>
      )}
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
