// 'Order Full Details' (spec section 2): everything a delivery needs, from the device copy,
// so it opens offline too. Outside the round's address window the address field says when it
// will show (beyond-spec.md section 2), and phone and notes are dashes. A PENDING assigned
// order offers Start delivery here too (beyond-spec.md section 7).
import type { OrderReply } from '#shared/contracts/orders';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalClose } from '../../ui/modal.tsx';
import { Field, Fields } from '../../ui/card-parts.tsx';
import { addressText } from '../../ui/personal-data.ts';
import { orderStatusWord, orderTypeWord } from '../../ui/code-words.ts';
import { formatDateTime, orDash } from './format.ts';
import styles from './volunteer.module.css';

function OrderFields({ order }: { order: OrderReply }) {
  const t = useT();
  return (
    <Fields>
      <Field label={t('volunteer.order.id')}>{order.orderId}</Field>
      <Field label={t('volunteer.order.status')}>{orderStatusWord(order.status)}</Field>
      <Field label={t('volunteer.order.type')}>{orderTypeWord(order.orderType)}</Field>
      <Field label={t('volunteer.order.userId')}>{orDash(order.userId)}</Field>
      <Field label={t('volunteer.order.deliveryAddress')}>
        {addressText(order, formatDateTime)}
      </Field>
      <Field label={t('volunteer.order.phone')}>{orDash(order.phoneNumber)}</Field>
      <Field label={t('volunteer.order.notes')}>{orDash(order.notes)}</Field>
      <Field label={t('volunteer.order.requestTime')}>
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
  const t = useT();
  const canStart = onStartDelivery !== undefined && order?.status === 'PENDING';
  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('volunteer.order.detailsTitle')}
      actions={
        <>
          {canStart && (
            <Button onClick={onStartDelivery}>{t('volunteer.order.startDelivery')}</Button>
          )}
          <ModalClose asChild>
            <Button variant="secondary">{t('volunteer.dialog.close')}</Button>
          </ModalClose>
        </>
      }
    >
      {order !== null && (
        <>
          <OrderFields order={order} />
          <h3 className={styles.sectionTitle}>{t('volunteer.order.items')}</h3>
          <ul tabIndex={0} className={styles.scrollList} aria-label={t('volunteer.order.items')}>
            {order.orderItems.map((item, i) => (
              <li key={`${item.itemName}-${i}`}>
                <Fields>
                  <Field label={t('volunteer.order.itemName')}>{item.itemName}</Field>
                  <Field label={t('volunteer.order.quantity')}>{item.quantity}</Field>
                </Fields>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
