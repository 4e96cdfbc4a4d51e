// A dialog (ui/native-dialog.tsx, the browser's <dialog>): focus kept inside, Escape and the
// shade close it, focus returns to what opened it, and the title and description are its
// accessible name and description.
import { useId, type ReactNode } from 'react';
import { DialogClose, NativeDialog } from './native-dialog.tsx';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read out with the title; keep it to a sentence or two. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  actions?: ReactNode;
}

export function Modal({ open, onOpenChange, title, description, children, actions }: ModalProps) {
  const id = useId();
  if (!open) return null;
  return (
    <NativeDialog
      onClose={() => onOpenChange(false)}
      labelledBy={`${id}-title`}
      describedBy={description === undefined ? undefined : `${id}-description`}
      shadeClassName={styles.overlay}
      panelClassName={styles.content}
      closeOnShade
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      {description !== undefined && <p id={`${id}-description`}>{description}</p>}
      {children}
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </NativeDialog>
  );
}

export const ModalClose = DialogClose;
