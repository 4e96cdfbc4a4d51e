import type { Saying } from '../i18n/i18n.ts';
import type { InputHTMLAttributes } from 'react';
import styles from './field.module.css';
import { boundControl, invalidProps, LabelledField } from './labelled-field.tsx';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  hint?: string;
  /** This field's refusal, shown under it (aria-invalid, and read with the field). */
  error?: Saying;
}

/** A labelled input; the label is the accessible name (tests find fields by it). */
export function TextField({
  label,
  value,
  onChange,
  optional,
  hint,
  error,
  ...rest
}: TextFieldProps) {
  return (
    <LabelledField label={label} optional={optional} error={error}>
      {(id) => (
        <>
          <input
            {...boundControl(id, value, onChange)}
            {...invalidProps(id, error, hint !== undefined)}
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
