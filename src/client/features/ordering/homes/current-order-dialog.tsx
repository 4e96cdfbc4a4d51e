// 'Current Order' (spec sections 2 and 4 "Guest home"): after a guest order was placed, its
// order ID and status, with a note to save them (a guest has no history to look them up).
// Shown from the order's outbox row, kept until closed: the same whether the server answered
// while the guest waited or later, when the replayer sent an order queued offline.
import { orderCreateReplyCheck } from '#shared/contracts/checks/orders';
import { useT } from '../../../i18n/i18n.ts';
import { ORDER_KINDS } from '../../../offline/actions.ts';
import { dismissOrderReply, useOrderOutbox } from '../../../offline/orders-outbox.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal, ModalClose } from '../../../ui/modal.tsx';
import styles from './guest.module.css';

interface Reply {
  seq: number;
  orderId: number;
  status: string;
  message: string;
}

function useGuestReplies(): Reply[] {
  const rows = useOrderOutbox() ?? [];
  return rows.flatMap((row) => {
    if (row.kind !== ORDER_KINDS.guestCreate || row.status !== 'done') return [];
    const reply = orderCreateReplyCheck.safeParse(row.verdict?.body);
    if (!reply.success) return [];
    const { orderId, orderStatus, message } = reply.data;
    return [{ seq: row.seq, orderId, status: orderStatus, message }];
  });
}

export function CurrentOrderDialog() {
  const t = useT();
  const reply = useGuestReplies()[0];
  if (reply === undefined) return null;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && void dismissOrderReply(reply.seq)}
      title={t('ordering.currentOrder.title')}
      description={reply.message}
      actions={
        <ModalClose asChild>
          <Button>{t('ordering.currentOrder.close')}</Button>
        </ModalClose>
      }
    >
      <dl className={styles.fields}>
        <div>
          <dt>{t('ordering.currentOrder.orderId')}</dt>
          <dd>{reply.orderId}</dd>
        </div>
        <div>
          <dt>{t('ordering.currentOrder.status')}</dt>
          <dd>{reply.status}</dd>
        </div>
      </dl>
      <p className={styles.saveNote}>{t('ordering.currentOrder.saveNote')}</p>
    </Modal>
  );
}
