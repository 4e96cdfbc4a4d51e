import type { ReactNode } from 'react';
import styles from './field.module.css';

interface FieldGroupProps {
  legend: string;
  /** More room at the sides (a grid of choices). */
  wide?: boolean;
  children: ReactNode;
}

/** A boxed set of inputs under a bold legend (the profile's choice of field, an item's sizes). */
export function FieldGroup({ legend, wide = false, children }: FieldGroupProps) {
  return (
    <fieldset className={wide ? `${styles.group} ${styles.wideGroup}` : styles.group}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
