// The outbox list in a dialog, opened from the pending-changes count. Its own module so the
// dialog library loads only when someone opens it, not with every first page.
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalClose } from '../../ui/modal.tsx';
import { OutboxList } from './outbox-list.tsx';

export function OutboxDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('common.outbox.dialogTitle')}
      actions={
        <ModalClose asChild>
          <Button variant="secondary">{t('common.action.close')}</Button>
        </ModalClose>
      }
    >
      <OutboxList />
    </Modal>
  );
}
