import { useId, type ReactNode } from 'react';
import { say, useT, type Saying } from '../i18n/i18n.ts';
import styles from './field.module.css';

interface LabelledFieldProps {
  label: string;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  /** The field's refusal, under the control (its id is `${id}-error`, see invalidProps). */
  error?: Saying | undefined;
  /** The control (and anything under it), given the id its label points at. */
  children: (id: string) => ReactNode;
}

/** A label over its control: the label is the control's accessible name (tests find it by it). */
export function LabelledField({ label, optional, error, children }: LabelledFieldProps) {
  const id = useId();
  const t = useT();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optional === true && (
          <span className={styles.optional}> {t('common.field.optional')}</span>
        )}
      </label>
      {children(id)}
      {error !== undefined && (
        <span id={`${id}-error`} className={styles.error}>
          {say(error)}
        </span>
      )}
    </div>
  );
}

/**
 * A control's invalid state (issue 20 item 6): aria-invalid when it has an error, and its
 * description is the error then the hint, so a screen reader reads why beside the field.
 */
export function invalidProps(id: string, error: Saying | undefined, hasHint = false) {
  const described = [error === undefined ? null : `${id}-error`, hasHint ? `${id}-hint` : null]
    .filter((part) => part !== null)
    .join(' ');
  return {
    'aria-invalid': error === undefined ? undefined : true,
    'aria-describedby': described === '' ? undefined : described,
  };
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
