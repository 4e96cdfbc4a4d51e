import type { InputHTMLAttributes } from 'react';
import styles from './field.module.css';
import { boundControl, LabelledField } from './labelled-field.tsx';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  hint?: string;
}

/** A labelled input; the label is the accessible name (tests find fields by it). */
export function TextField({ label, value, onChange, optional, hint, ...rest }: TextFieldProps) {
  return (
    <LabelledField label={label} optional={optional}>
      {(id) => (
        <>
          <input
            {...boundControl(id, value, onChange)}
            aria-describedby={hint === undefined ? undefined : `${id}-hint`}
            {...rest}
          />
          {hint !== undefined && (
            <span id={`${id}-hint`} className={styles.hint}>
              {hint}
            </span>
          )}
        </>
      )}
    </LabelledField>
  );
}
