// '/orderhistory' (spec section 2 "Order History"): the client's orders from the device's
// copy with "updated N minutes ago", refreshed when the page opens; orders placed here and
// not sent yet are at the top as "Waiting to send"; 'Cancel Order' goes through the outbox.
// A guest has no history (spec section 5).
import { validateOrderHistoryUserId } from '#shared/rules/orders';
import { say, t, useT } from '../../i18n/i18n.ts';
import type { SessionUser } from '../../session/session-user.ts';
import { isGuest } from '../../session/session-user.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import card from '../../ui/card.module.css';
import { useConfirm, type Confirmation, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { TitledPage } from '../../ui/titled-page.tsx';
import { queuedText } from '../../offline/status-texts.ts';
import { UpdatedAgo } from '../../offline/updated-ago.tsx';
import { cancelOrder, withdrawOrder } from './cancel-order.ts';
import { useCancelledOrders, useCancelNotices } from './cancelled-orders.ts';
import { CancelledSection, CancelNotices } from './cancelled-section.tsx';
import { usePendingCancels, useHistory, type HistoryEntry } from './history-data.ts';
import { OrderCard } from './order-card.tsx';
import { useHistoryRefresh } from './use-history-refresh.ts';
import styles from './orders.module.css';

/** Cancel Order asks first (issue 20 item 2): it gives the order up for good. */
export function cancelQuestion(orderId: number | null): ConfirmRequest {
  const words =
    orderId === null
      ? {
          title: t('ordering.cancel.newTitle'),
          description: t('ordering.cancel.newDescription'),
        }
      : {
          title: t('ordering.cancel.title', { orderId }),
          description: t('ordering.cancel.description'),
        };
  return {
    ...words,
    confirmLabel: t('ordering.cancel.confirm'),
    keepLabel: t('ordering.cancel.keep'),
  };
}

async function onCancel(entry: HistoryEntry, userId: number, confirm: Confirmation['confirm']) {
  const { order, row, sending } = entry;
  if (!(await confirm(cancelQuestion(order.orderId)))) return;
  if (order.orderId !== null) await cancelOrder(order.orderId, row, userId);
  else if (sending !== null) await withdrawOrder(sending.seq);
}

function PendingCancels() {
  const t = useT();
  const rows = usePendingCancels();
  if (rows.length === 0) return null;
  return (
    <ul className={styles.pendingCancels} aria-label={t('ordering.history.pendingCancels')}>
      {rows.map((row) => (
        <li key={row.seq} role="status">
          {say(row.label)} — {queuedText()}
        </li>
      ))}
    </ul>
  );
}

function History({ user, userId }: { user: SessionUser; userId: number }) {
  const t = useT();
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
      {entries !== undefined && entries.length === 0 && (
        <p className={styles.empty}>{t('ordering.history.empty')}</p>
      )}
      {entries !== undefined && entries.length > 0 && (
        <ul
          className={`${card.list} ${styles.twoColumns}`}
          aria-label={t('ordering.history.ordersLabel')}
        >
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
  const t = useT();
  const user = useSessionUser();
  const guestProblem = isGuest(user) ? validateOrderHistoryUserId(null) : null;
  const problem = guestProblem ?? validateOrderHistoryUserId(user?.userId);
  return (
    <TitledPage title={t('ordering.history.title')} backLabel={t('ordering.history.back')}>
      {problem !== null || user === null || user.userId === null ? (
        <ErrorMessage text={problem} />
      ) : (
        <History user={user} userId={user.userId} />
      )}
    </TitledPage>
  );
}
