// A side drawer (product-spec.md section 2 "Cargo admin": 'Add New Item' and 'Update Item'
// drawers) on the browser's <dialog> (ui/native-dialog.tsx): focus kept inside, Escape and the
// shade close it, focus returns to what opened it; the title is its accessible name.
import { useId, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { DialogClose, NativeDialog } from '../../ui/native-dialog.tsx';
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
  const id = useId();
  if (!open) return null;
  return (
    <NativeDialog
      onClose={() => onOpenChange(false)}
      labelledBy={id}
      shadeClassName={styles.overlay}
      panelClassName={styles.drawer}
      closeOnShade
    >
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        <DialogClose>
          <Button variant="quiet">{t('rounds.cargo.close')}</Button>
        </DialogClose>
      </div>
      <div className={styles.body}>{children}</div>
      <div className={styles.foot}>{actions}</div>
    </NativeDialog>
  );
}
