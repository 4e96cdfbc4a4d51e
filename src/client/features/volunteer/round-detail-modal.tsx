// The round detail modal (spec section 2): the round, its orders (a list that scrolls past
// 200 px), 'Cancel Signup' when signed up, and Close.
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Fields } from '../../ui/card-parts.tsx';
import { Modal, ModalClose } from '../../ui/modal.tsx';
import { orderStatusWord, orderTypeWord } from '../../ui/code-words.ts';
import { RoundBasics, yesNo } from './fields.tsx';
import { addressText } from '../../ui/personal-data.ts';
import { formatDateTime, itemNames, orDash } from './format.ts';
import { useRoundDetail, type RoundOrderLine } from './use-round-detail.ts';
import type { OrderEntry, RoundEntry } from './volunteer-data.ts';
import styles from './volunteer.module.css';

interface RoundDetailModalProps {
  entry: RoundEntry | null;
  /** True while an action on this round waits in the outbox: the device copy is newer. */
  pendingAction: boolean;
  /** Assigned Orders, for the round's orders when the server cannot be reached. */
  assigned: OrderEntry[] | undefined;
  userId: number | null;
  onCancelSignup: (entry: RoundEntry) => void;
  onClose: () => void;
}

function RoundOrders({ orders }: { orders: RoundOrderLine[] }) {
  const t = useT();
  if (orders.length === 0) return <p className={styles.empty}>{t('volunteer.round.noOrders')}</p>;
  return (
    <ul tabIndex={0} className={styles.scrollList} aria-label={t('volunteer.round.ordersLabel')}>
      {orders.map((order) => (
        <li key={order.orderId}>
          <Fields>
            <Field label={t('volunteer.order.id')}>{order.orderId}</Field>
            <Field label={t('volunteer.order.status')}>{orderStatusWord(order.status)}</Field>
            <Field label={t('volunteer.order.type')}>{orderTypeWord(order.orderType)}</Field>
            <Field label={t('volunteer.order.deliveryAddress')}>
              {addressText(order, formatDateTime)}
            </Field>
            <Field label={t('volunteer.order.items')}>{orDash(itemNames(order.orderItems))}</Field>
          </Fields>
        </li>
      ))}
    </ul>
  );
}

export function RoundDetailModal(props: RoundDetailModalProps) {
  const { entry, pendingAction, assigned, userId, onCancelSignup, onClose } = props;
  const t = useT();
  const detail = useRoundDetail(entry?.round.roundId ?? null, userId);
  const round = pendingAction ? entry?.round : (detail.round ?? entry?.round);
  const roundId = entry?.round.roundId;
  const orders =
    detail.orders ??
    (assigned ?? []).filter((e) => e.order.roundId === roundId).map((e) => e.order);
  return (
    <Modal
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title={round?.title ?? t('volunteer.round.detailsTitle')}
      actions={
        <>
          {round?.userSignedUp === true && entry !== null && (
            <Button variant="danger" onClick={() => onCancelSignup({ ...entry, round })}>
              {t('volunteer.round.cancelSignup')}
            </Button>
          )}
          <ModalClose asChild>
            <Button variant="secondary">{t('volunteer.dialog.close')}</Button>
          </ModalClose>
        </>
      }
    >
      {round !== undefined && (
        <>
          <Fields>
            <RoundBasics round={round} />
            <Field label={t('volunteer.round.availableSlots')}>{round.availableSlots}</Field>
            <Field label={t('volunteer.round.signedUp')}>{yesNo(round.userSignedUp)}</Field>
          </Fields>
          <h3 className={styles.sectionTitle}>{t('volunteer.round.ordersHeading')}</h3>
          <RoundOrders orders={orders} />
        </>
      )}
    </Modal>
  );
}
