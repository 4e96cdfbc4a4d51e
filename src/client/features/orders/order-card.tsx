// One order of the history (spec section 2 "Order History"): Order ID, Address, Notes,
// Request Time, Total Items, the items, and 'Cancel Order' while it can still be cancelled.
// An order placed on this device and not answered yet says so instead of an order ID; one
// whose personal data the retention sweep removed says so in its address.
import { useId } from 'react';
import { orderEntity } from '../../offline/actions.ts';
import { useOnline, useReceipt } from '../../offline/hooks.ts';
import type { OutboxRow } from '../../offline/types.ts';
import { Button } from '../../ui/button.tsx';
import { CardHead, Field, Fields } from '../../ui/card-parts.tsx';
import { Receipt } from '../../ui/receipt.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { QUEUED_TEXT } from '../../offline/status-texts.ts';
import { addressText } from '../../ui/personal-data.ts';
import type { HistoryEntry } from './history-data.ts';
import styles from './orders.module.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function requestTimeText(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : timeFormat.format(time);
}

/** An order's lines, "name × quantity" (the history's cards and its Cancelled section). */
export function OrderItems({
  items,
}: {
  items: readonly { itemName: string; quantity: number }[];
}) {
  return (
    <ul className={styles.items} aria-label="Items">
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
  const online = useOnline();
  if (row === null || row.status === 'done') return <Receipt state="sent" />;
  if (row.status === 'rejected') return <Receipt state="attention" />;
  const tried = row.status === 'queued' && (!online || row.attempts > 0);
  return (
    <>
      <Receipt state="waiting" />
      {tried && <span className={styles.note}>{QUEUED_TEXT}</span>}
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
  const id = useId();
  const { order } = entry;
  const local = order.orderId === null;
  const title = local ? 'New order' : `Order #${order.orderId}`;
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
          <Field label="Order ID">{order.orderId ?? '—'}</Field>
          <Field label="Address">{addressText(order, requestTimeText)}</Field>
          <Field label="Notes">{order.notes ?? '—'}</Field>
          <Field label="Request Time">
            <time dateTime={order.requestTime}>{requestTimeText(order.requestTime)}</time>
          </Field>
          <Field label="Total Items">{total}</Field>
        </Fields>
        <OrderItems items={order.orderItems} />
        {cancellable && (
          <Button variant="danger" onClick={onCancel}>
            Cancel Order
          </Button>
        )}
      </article>
    </li>
  );
}
