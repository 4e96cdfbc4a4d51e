// 'Order Full Details' (spec section 2): everything a delivery needs, from the device copy,
// so it opens offline too. Outside the round's address window the address field says when it
// will show (beyond-spec.md section 2), and phone and notes are dashes. A PENDING assigned
// order offers Start delivery here too (beyond-spec.md section 7).
import type { OrderReply } from '#shared/contracts/orders';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalClose } from '../../ui/modal.tsx';
import { Field, Fields } from '../../ui/card-parts.tsx';
import { addressText } from '../../ui/personal-data.ts';
import { formatDateTime, orDash } from './format.ts';
import { START_DELIVERY } from './order-card.tsx';
import styles from './volunteer.module.css';

export const ORDER_DETAILS_TITLE = 'Order Full Details';

function OrderFields({ order }: { order: OrderReply }) {
  return (
    <Fields>
      <Field label="Order ID">{order.orderId}</Field>
      <Field label="Status">{order.status}</Field>
      <Field label="Order Type">{order.orderType}</Field>
      <Field label="User ID">{orDash(order.userId)}</Field>
      <Field label="Delivery Address">{addressText(order, formatDateTime)}</Field>
      <Field label="Phone Number">{orDash(order.phoneNumber)}</Field>
      <Field label="Notes">{orDash(order.notes)}</Field>
      <Field label="Request Time">
        <time dateTime={order.requestTime}>{formatDateTime(order.requestTime)}</time>
      </Field>
    </Fields>
  );
}

interface OrderDetailModalProps {
  order: OrderReply | null;
  /** Offered while the order is PENDING. */
  onStartDelivery?: () => void;
  onClose: () => void;
}

export function OrderDetailModal({ order, onStartDelivery, onClose }: OrderDetailModalProps) {
  const canStart = onStartDelivery !== undefined && order?.status === 'PENDING';
  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={ORDER_DETAILS_TITLE}
      actions={
        <>
          {canStart && <Button onClick={onStartDelivery}>{START_DELIVERY}</Button>}
          <ModalClose asChild>
            <Button variant="secondary">Close</Button>
          </ModalClose>
        </>
      }
    >
      {order !== null && (
        <>
          <OrderFields order={order} />
          <h3 className={styles.sectionTitle}>Items</h3>
          <ul tabIndex={0} className={styles.scrollList} aria-label="Items">
            {order.orderItems.map((item, i) => (
              <li key={`${item.itemName}-${i}`}>
                <Fields>
                  <Field label="Item Name">{item.itemName}</Field>
                  <Field label="Quantity">{item.quantity}</Field>
                </Fields>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
