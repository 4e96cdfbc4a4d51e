// A question before a destructive or irreversible action (issue 20 item 2), on radix-ui's
// AlertDialog: focus starts on the safe choice, Escape (or the safe button) keeps things as they
// are, the overlay does not close it (a stray tap must not decide), and focus returns to the
// button that asked (focus-return.ts: our dialogs open from state, with no Trigger).
// A screen calls `confirm({...})` like window.confirm and renders `dialog` once.
import { useRef, useState, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { buttonClass } from './button.tsx';
import { useFocusReturn } from './focus-return.ts';
import styles from './modal.module.css';

export interface ConfirmRequest {
  /** Names the thing: "Cancel order #12?" */
  title: string;
  /** What happens if the action goes ahead. */
  description: string;
  /** The action's button, e.g. "Cancel order". */
  confirmLabel: string;
  /** The safe choice, e.g. "Keep order". */
  keepLabel: string;
  /** Whether the action destroys something (a red button) or only cannot be taken back. */
  tone?: 'danger' | 'primary';
  /**
   * Where focus goes once the action is done, when it took the asking button away (a removed
   * row's Remove): read as the dialog lets focus go, after the screen has re-rendered.
   */
  focusAfter?: () => HTMLElement | null;
}

interface Pending {
  request: ConfirmRequest;
  answer: (yes: boolean) => void;
}

export interface Confirmation {
  /** Resolves true when the person chose the action, false when they kept things. */
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  /** Render once, anywhere in the screen (it portals to the body). */
  dialog: ReactNode;
}

export function useConfirm(): Confirmation {
  const [pending, setPending] = useState<Pending | null>(null);
  // The answer given by a button, so the close that follows does not answer "no" again.
  const answered = useRef(false);
  // Where focus goes after a "yes" whose action took the asking button away.
  const focusAfterYesRef = useRef<ConfirmRequest['focusAfter']>(undefined);
  const confirm = (request: ConfirmRequest) =>
    new Promise<boolean>((resolve) => {
      answered.current = false;
      focusAfterYesRef.current = undefined;
      setPending({ request, answer: resolve });
    });
  const close = (yes: boolean) => {
    if (pending === null || answered.current) return;
    answered.current = true;
    focusAfterYesRef.current = yes ? pending.request.focusAfter : undefined;
    pending.answer(yes);
    setPending(null);
  };
  return {
    confirm,
    dialog: (
      <ConfirmDialog pending={pending} onAnswer={close} focusAfterYesRef={focusAfterYesRef} />
    ),
  };
}

function ConfirmDialog({
  pending,
  onAnswer,
  focusAfterYesRef,
}: {
  pending: Pending | null;
  onAnswer: (yes: boolean) => void;
  focusAfterYesRef: { current: ConfirmRequest['focusAfter'] };
}) {
  const focusReturn = useFocusReturn();
  const closeAutoFocus = (event: Event) => {
    focusReturn.onCloseAutoFocus(event);
    const target = focusAfterYesRef.current?.() ?? null;
    focusAfterYesRef.current = undefined;
    if (target === null) return;
    event.preventDefault();
    target.focus();
  };
  const request = pending?.request;
  return (
    <AlertDialog.Root
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) onAnswer(false);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={`${styles.overlay} ${styles.onTop}`} />
        <AlertDialog.Content
          className={`${styles.content} ${styles.onTop}`}
          onOpenAutoFocus={focusReturn.onOpenAutoFocus}
          onCloseAutoFocus={closeAutoFocus}
        >
          <AlertDialog.Title className={styles.title}>{request?.title}</AlertDialog.Title>
          <AlertDialog.Description>{request?.description}</AlertDialog.Description>
          <div className={styles.actions}>
            <AlertDialog.Cancel className={buttonClass('secondary')}>
              {request?.keepLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass(request?.tone === 'primary' ? 'primary' : 'danger')}
              onClick={() => onAnswer(true)}
            >
              {request?.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
