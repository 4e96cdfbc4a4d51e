import { useId } from 'react';
import type { OutboxRow } from '../../offline/types.ts';
import { Button } from '../../ui/button.tsx';
import { CardHead, Field, Fields } from '../../ui/card-parts.tsx';
import card from '../../ui/card.module.css';
import { addressText } from '../../ui/personal-data.ts';
import { formatDateTime, itemNames, orDash } from './format.ts';
import { PendingNote } from './pending-note.tsx';
import type { OrderEntry } from './volunteer-data.ts';
import styles from './volunteer.module.css';

interface OrderCardProps {
  entry: OrderEntry;
  pending: OutboxRow | undefined;
  onOpen: () => void;
  /** Present on open orders only: completed ones carry a Completed badge instead. */
  onComplete?: () => void;
}

/** An order of my rounds: what a delivery needs at a glance. */
export function OrderCard({ entry, pending, onOpen, onComplete }: OrderCardProps) {
  const { order } = entry;
  const titleId = useId();
  return (
    <li>
      <article className={styles.card} aria-labelledby={titleId}>
        <CardHead level={3} id={titleId} title={`Order #${order.orderId}`}>
          {order.status === 'COMPLETED' && <span className={card.badge}>Completed</span>}
        </CardHead>
        <Fields>
          <Field label="Order Type">{order.orderType}</Field>
          <Field label="Delivery Address">{addressText(order, formatDateTime)}</Field>
          <Field label="Items">{orDash(itemNames(order.orderItems))}</Field>
        </Fields>
        <PendingNote row={pending} />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onOpen}>
            Open full view
          </Button>
          {onComplete !== undefined && <Button onClick={onComplete}>Complete</Button>}
        </div>
      </article>
    </li>
  );
}
