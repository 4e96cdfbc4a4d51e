// The outbox list in a dialog, opened from the pending-changes count. Its own module so the
// dialog library loads only when someone opens it, not with every first page.
import { Button } from '../../ui/button.tsx';
import { Modal, ModalClose } from '../../ui/modal.tsx';
import { OutboxList } from './outbox-list.tsx';

export function OutboxDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Changes on this device"
      actions={
        <ModalClose asChild>
          <Button variant="secondary">Close</Button>
        </ModalClose>
      }
    >
      <OutboxList />
    </Modal>
  );
}
