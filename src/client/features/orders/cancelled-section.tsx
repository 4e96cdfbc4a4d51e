// The history's "Cancelled" section and the notice of a team's cancel (issue 20 item 5). The
// spec's list above stays as specified (no cancelled order); below it, the orders cancelled in
// the last CANCELLED_SHOWN_DAYS with their state and who cancelled them. A cancel made by the
// team is announced once at the top of the page until the client dismisses it on this device.
import { useId } from 'react';
import { CANCELLED_SHOWN_DAYS, type CancelledOrderReply } from '#shared/contracts/orders';
import { t, useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { CardHead, Field, Fields } from '../../ui/card-parts.tsx';
import card from '../../ui/card.module.css';
import { addressText } from '../../ui/personal-data.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { OrderItems, requestTimeText } from './order-card.tsx';
import styles from './orders.module.css';

export function cancelledByText(order: Pick<CancelledOrderReply, 'cancelledBy'>): string {
  return order.cancelledBy === 'you'
    ? t('ordering.cancelled.by.you')
    : t('ordering.cancelled.by.team');
}

export function teamCancelNotice(orderId: number): string {
  return t('ordering.cancelled.teamNotice', { orderId });
}

function CancelledCard({ order }: { order: CancelledOrderReply }) {
  const t = useT();
  const id = useId();
  // Named apart from the spec's cards ("Order #12"): the same order is never two things.
  const total = order.orderItems.reduce((sum, i) => sum + i.quantity, 0);
  return (
    <li>
      <article
        className={`${styles.card} ${styles.cancelled}`}
        aria-label={t('ordering.cancelled.cardLabel', { orderId: order.orderId })}
      >
        <CardHead level={3} id={id} title={t('ordering.order.title', { orderId: order.orderId })}>
          <StatusBadge status={order.status} />
        </CardHead>
        <p className={styles.cancelledBy}>{cancelledByText(order)}</p>
        <Fields>
          <Field label={t('ordering.cancelled.when')}>
            <time dateTime={order.cancelledAt}>{requestTimeText(order.cancelledAt)}</time>
          </Field>
          <Field label={t('ordering.order.address')}>{addressText(order, requestTimeText)}</Field>
          <Field label={t('ordering.order.requestTime')}>
            <time dateTime={order.requestTime}>{requestTimeText(order.requestTime)}</time>
          </Field>
          <Field label={t('ordering.order.totalItems')}>{total}</Field>
        </Fields>
        <OrderItems items={order.orderItems} />
      </article>
    </li>
  );
}

export function CancelledSection({ orders }: { orders: CancelledOrderReply[] | undefined }) {
  const t = useT();
  const titleId = useId();
  if (orders === undefined || orders.length === 0) return null;
  return (
    <section className={styles.cancelledSection} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('ordering.cancelled.title')}</h2>
      <p className={styles.note}>{t('ordering.cancelled.note', { days: CANCELLED_SHOWN_DAYS })}</p>
      <ul
        className={`${card.list} ${styles.twoColumns}`}
        aria-label={t('ordering.cancelled.listLabel')}
      >
        {orders.map((order) => (
          <CancelledCard key={order.orderId} order={order} />
        ))}
      </ul>
    </section>
  );
}

/** One notice per team cancel not yet dismissed on this device. */
export function CancelNotices({
  unseen,
  onDismiss,
}: {
  unseen: CancelledOrderReply[];
  onDismiss: (orderId: number) => void;
}) {
  const t = useT();
  if (unseen.length === 0) return null;
  return (
    <ul className={styles.notices} aria-label={t('ordering.cancelled.notices')}>
      {unseen.map((order) => (
        <li key={order.orderId} className={styles.notice}>
          <p role="status">
            {teamCancelNotice(order.orderId)}{' '}
            {t('ordering.cancelled.listedBelow', { title: t('ordering.cancelled.title') })}
          </p>
          <Button variant="secondary" onClick={() => onDismiss(order.orderId)}>
            {t('ordering.cancelled.dismiss')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
