import { useId, type ReactNode } from 'react';
import styles from './field.module.css';

interface LabelledFieldProps {
  label: string;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  /** The control (and anything under it), given the id its label points at. */
  children: (id: string) => ReactNode;
}

/** A label over its control: the label is the control's accessible name (tests find it by it). */
export function LabelledField({ label, optional, children }: LabelledFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optional === true && <span className={styles.optional}> (optional)</span>}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * What every text control under a LabelledField takes: the id its label points at, the field
 * look, and its value with the changes reported as text.
 */
export function boundControl(id: string, value: string, onChange: (value: string) => void) {
  return {
    id,
    className: styles.input,
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
}
