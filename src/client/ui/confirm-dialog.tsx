// A question before a destructive or irreversible action (issue 20 item 2), an alertdialog on
// the browser's <dialog> (ui/native-dialog.tsx): focus starts on the safe choice, Escape (or the
// safe button) keeps things as they are, the shade does not close it (a stray tap must not
// decide), and focus returns to the button that asked (focus-return.ts).
// A screen calls `confirm({...})` like window.confirm and renders `dialog` once.
import { useId, useRef, useState, type ReactNode } from 'react';
import { buttonClass } from './button.tsx';
import { NativeDialog } from './native-dialog.tsx';
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
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  if (pending === null) return null;
  const { request } = pending;
  // Focus went back to the asking button; when a "yes" took it away, to the next one.
  const focusAfter = () => {
    const target = focusAfterYesRef.current?.() ?? null;
    focusAfterYesRef.current = undefined;
    target?.focus();
  };
  return (
    <NativeDialog
      role="alertdialog"
      onClose={() => onAnswer(false)}
      labelledBy={`${id}-title`}
      describedBy={`${id}-description`}
      shadeClassName={`${styles.overlay} ${styles.onTop}`}
      panelClassName={`${styles.content} ${styles.onTop}`}
      initialFocus={keep}
      onFocusLeave={focusAfter}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {request.title}
      </h2>
      <p id={`${id}-description`}>{request.description}</p>
      <div className={styles.actions}>
        <button
          ref={keep}
          type="button"
          className={buttonClass('secondary')}
          onClick={() => onAnswer(false)}
        >
          {request.keepLabel}
        </button>
        <button
          type="button"
          className={buttonClass(request.tone === 'primary' ? 'primary' : 'danger')}
          onClick={() => onAnswer(true)}
        >
          {request.confirmLabel}
        </button>
      </div>
    </NativeDialog>
  );
}
