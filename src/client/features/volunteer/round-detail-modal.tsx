// The round detail modal (spec section 2): the round, its orders (a list that scrolls past
// 200 px), 'Cancel Signup' when signed up, and Close.
import { Button } from '../../ui/button.tsx';
import { Field, Fields } from '../../ui/card-parts.tsx';
import { Modal, ModalClose } from '../../ui/modal.tsx';
import { RoundBasics, yesNo } from './fields.tsx';
import { addressText } from '../../ui/personal-data.ts';
import { formatDateTime, itemNames, orDash } from './format.ts';
import { useRoundDetail, type RoundOrderLine } from './use-round-detail.ts';
import type { OrderEntry, RoundEntry } from './volunteer-data.ts';
import styles from './volunteer.module.css';

export const NO_SIGNUP_FOUND = 'No signup found for this round';
export const NO_ROUND_ORDERS = 'No orders for this round.';

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
  if (orders.length === 0) return <p className={styles.empty}>{NO_ROUND_ORDERS}</p>;
  return (
    <ul tabIndex={0} className={styles.scrollList} aria-label="Orders of this round">
      {orders.map((order) => (
        <li key={order.orderId}>
          <Fields>
            <Field label="Order ID">{order.orderId}</Field>
            <Field label="Status">{order.status}</Field>
            <Field label="Order Type">{order.orderType}</Field>
            <Field label="Delivery Address">{addressText(order, formatDateTime)}</Field>
            <Field label="Items">{orDash(itemNames(order.orderItems))}</Field>
          </Fields>
        </li>
      ))}
    </ul>
  );
}

export function RoundDetailModal(props: RoundDetailModalProps) {
  const { entry, pendingAction, assigned, userId, onCancelSignup, onClose } = props;
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
      title={round?.title ?? 'Round details'}
      actions={
        <>
          {round?.userSignedUp === true && entry !== null && (
            <Button variant="danger" onClick={() => onCancelSignup({ ...entry, round })}>
              Cancel Signup
            </Button>
          )}
          <ModalClose asChild>
            <Button variant="secondary">Close</Button>
          </ModalClose>
        </>
      }
    >
      {round !== undefined && (
        <>
          <Fields>
            <RoundBasics round={round} />
            <Field label="Available Slots">{round.availableSlots}</Field>
            <Field label="Signed Up">{yesNo(round.userSignedUp)}</Field>
          </Fields>
          <h3 className={styles.sectionTitle}>Orders</h3>
          <RoundOrders orders={orders} />
        </>
      )}
    </Modal>
  );
}
