// A side drawer (product-spec.md section 2 "Cargo admin": 'Add New Item' and 'Update Item'
// drawers) on radix Dialog: focus trapped inside, Escape and the overlay close it, focus
// returns to what opened it; the title is its accessible name.
import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { useFocusReturn } from '../../ui/focus-return.ts';
import styles from './side-drawer.module.css';

interface SideDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Buttons at the foot, always in view however long the form is. */
  actions: ReactNode;
}

export function SideDrawer({ open, onOpenChange, title, children, actions }: SideDrawerProps) {
  const t = useT();
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined} {...focusReturn}>
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="quiet">{t('rounds.cargo.close')}</Button>
            </Dialog.Close>
          </div>
          <div className={styles.body}>{children}</div>
          <div className={styles.foot}>{actions}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
