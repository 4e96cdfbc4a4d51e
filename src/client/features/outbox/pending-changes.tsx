import { useState } from 'react';
import { useOutboxSummary } from '../../offline/hooks.ts';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalClose } from '../../ui/modal.tsx';
import { OutboxList } from './outbox-list.tsx';
import { pendingCountText } from './status-texts.ts';

/** The pending-changes count; it opens the outbox list. Hidden when nothing waits. */
export function PendingChanges() {
  const { pending, needsAttention } = useOutboxSummary();
  const [open, setOpen] = useState(false);
  if (pending === 0 && needsAttention === 0 && !open) return null;
  return (
    <>
      <Button variant={needsAttention > 0 ? 'danger' : 'secondary'} onClick={() => setOpen(true)}>
        {pendingCountText(pending, needsAttention) || 'Outbox'}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Changes on this device"
        actions={
          <ModalClose asChild>
            <Button variant="secondary">Close</Button>
          </ModalClose>
        }
      >
        <OutboxList />
      </Modal>
    </>
  );
}
