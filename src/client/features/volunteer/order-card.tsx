import { useId } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { orderEntity } from '../../offline/actions.ts';
import { useReceipt } from '../../offline/hooks.ts';
import type { OutboxRow } from '../../offline/types.ts';
import { Button } from '../../ui/button.tsx';
import { CardHead, Field, Fields } from '../../ui/card-parts.tsx';
import { Receipt } from '../../ui/receipt.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { addressText } from '../../ui/personal-data.ts';
import { orderTypeWord } from '../../ui/code-words.ts';
import { formatDateTime, itemNames, orDash } from './format.ts';
import { PendingNote } from './pending-note.tsx';
import type { OrderEntry } from './volunteer-data.ts';
import styles from './volunteer.module.css';

interface OrderCardProps {
  entry: OrderEntry;
  pending: OutboxRow | undefined;
  onOpen: () => void;
  /** Present on open orders only; offered while the order is PENDING. */
  onStartDelivery?: () => void;
  /** Present on open orders only: completed ones carry a Completed badge instead. */
  onComplete?: () => void;
}

/** Completed, or Processing for an order a volunteer has taken; none while PENDING. */
function OrderBadge({ status }: { status: OrderEntry['order']['status'] }) {
  const t = useT();
  if (status === 'COMPLETED')
    return <StatusBadge status={status}>{t('volunteer.order.completedBadge')}</StatusBadge>;
  if (status === 'PROCESSING')
    return <StatusBadge status={status}>{t('volunteer.order.processingBadge')}</StatusBadge>;
  return null;
}

/** An order of my rounds: what a delivery needs at a glance. */
export function OrderCard(props: OrderCardProps) {
  const { entry, pending, onOpen, onStartDelivery, onComplete } = props;
  const t = useT();
  const { order } = entry;
  const titleId = useId();
  const canStart = onStartDelivery !== undefined && order.status === 'PENDING';
  const receipt = useReceipt(orderEntity(order.orderId));
  return (
    <li>
      <article className={styles.card} aria-labelledby={titleId}>
        <CardHead
          level={3}
          id={titleId}
          title={t('volunteer.order.title', { orderId: order.orderId })}
        >
          <OrderBadge status={order.status} />
        </CardHead>
        <Fields>
          <Field label={t('volunteer.order.type')}>{orderTypeWord(order.orderType)}</Field>
          <Field label={t('volunteer.order.deliveryAddress')}>
            {addressText(order, formatDateTime)}
          </Field>
          <Field label={t('volunteer.order.items')}>{orDash(itemNames(order.orderItems))}</Field>
        </Fields>
        <Receipt state={receipt} />
        <PendingNote row={pending} />
        <div className={styles.orderActions}>
          <Button variant="secondary" onClick={onOpen}>
            {t('volunteer.order.openFullView')}
          </Button>
          {(canStart || onComplete !== undefined) && (
            <div className={styles.stateActions}>
              {canStart && (
                <Button variant="secondary" onClick={onStartDelivery}>
                  {t('volunteer.order.startDelivery')}
                </Button>
              )}
              {onComplete !== undefined && (
                <Button onClick={onComplete}>{t('volunteer.order.complete')}</Button>
              )}
            </div>
          )}
        </div>
      </article>
    </li>
  );
}
