// One order of the history (spec section 2 "Order History"): Order ID, Address, Notes,
// Request Time, Total Items, the items, and 'Cancel Order' while it can still be cancelled.
// An order placed on this device and not answered yet says so instead of an order ID; one
// whose personal data the retention sweep removed says so in its address.
import { useId } from 'react';
import { formatDate } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { orderEntity } from '../../offline/actions.ts';
import { useOnline, useReceipt } from '../../offline/hooks.ts';
import type { OutboxRow } from '../../offline/types.ts';
import { Button } from '../../ui/button.tsx';
import { CardHead, Field, Fields } from '../../ui/card-parts.tsx';
import { Receipt } from '../../ui/receipt.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { queuedText } from '../../offline/status-texts.ts';
import { addressText } from '../../ui/personal-data.ts';
import type { HistoryEntry } from './history-data.ts';
import styles from './orders.module.css';

/** An order's time (request, cancel) in the current language: call it at render. */
export function requestTimeText(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time)
    ? iso
    : formatDate(new Date(time), { dateStyle: 'medium', timeStyle: 'short' });
}

/** An order's lines, "name × quantity" (the history's cards and its Cancelled section). */
export function OrderItems({
  items,
}: {
  items: readonly { itemName: string; quantity: number }[];
}) {
  const t = useT();
  return (
    <ul className={styles.items} aria-label={t('ordering.order.items')}>
      {items.map((item, i) => (
        <li key={`${item.itemName}-${i}`}>
          {item.itemName} × {item.quantity}
        </li>
      ))}
    </ul>
  );
}

/** The receipt of an order placed on this device: no ID until the server answers. */
function LocalState({ row }: { row: OutboxRow | null }) {
  useT(); // the queued note follows a change of language
  const online = useOnline();
  if (row === null || row.status === 'done') return <Receipt state="sent" />;
  if (row.status === 'rejected') return <Receipt state="attention" />;
  const tried = row.status === 'queued' && (!online || row.attempts > 0);
  return (
    <>
      <Receipt state="waiting" />
      {tried && <span className={styles.note}>{queuedText()}</span>}
    </>
  );
}

/** The receipt of an action on a server order (a cancel refused comes back as attention). */
function ServerState({ order }: { order: { orderId: number; status: string } }) {
  const receipt = useReceipt(orderEntity(order.orderId));
  return (
    <>
      <StatusBadge status={order.status} />
      <Receipt state={receipt} />
    </>
  );
}

interface OrderCardProps {
  entry: HistoryEntry;
  onCancel: () => void;
}

export function OrderCard({ entry, onCancel }: OrderCardProps) {
  const t = useT();
  const id = useId();
  const { order } = entry;
  const local = order.orderId === null;
  const title =
    order.orderId === null
      ? t('ordering.order.new')
      : t('ordering.order.title', { orderId: order.orderId });
  const total = order.orderItems.reduce((sum, i) => sum + i.quantity, 0);
  const cancellable = order.status === 'PENDING' || order.status === 'PROCESSING';
  return (
    <li>
      <article className={`${styles.card} ${local ? styles.local : ''}`} aria-labelledby={id}>
        <CardHead level={2} id={id} title={title}>
          {order.orderId === null ? (
            <LocalState row={entry.sending} />
          ) : (
            <ServerState order={{ orderId: order.orderId, status: order.status }} />
          )}
        </CardHead>
        <Fields>
          <Field label={t('ordering.order.orderId')}>{order.orderId ?? '—'}</Field>
          <Field label={t('ordering.order.address')}>{addressText(order, requestTimeText)}</Field>
          <Field label={t('ordering.order.notes')}>{order.notes ?? '—'}</Field>
          <Field label={t('ordering.order.requestTime')}>
            <time dateTime={order.requestTime}>{requestTimeText(order.requestTime)}</time>
          </Field>
          <Field label={t('ordering.order.totalItems')}>{total}</Field>
        </Fields>
        <OrderItems items={order.orderItems} />
        {cancellable && (
          <Button variant="danger" onClick={onCancel}>
            {t('ordering.order.cancel')}
          </Button>
        )}
      </article>
    </li>
  );
}
