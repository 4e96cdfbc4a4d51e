// A dialog on radix-ui: focus trapped inside, Escape and the overlay close it, focus returns
// to what opened it, and the title and description are its accessible name and description.
import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { useFocusReturn } from './focus-return.ts';
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
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          {...focusReturn}
          // Without a description radix warns unless told there is none.
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description !== undefined && <Dialog.Description>{description}</Dialog.Description>}
          {children}
          {actions !== undefined && <div className={styles.actions}>{actions}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalClose = Dialog.Close;
