import { useId } from 'react';
import styles from './field.module.css';

interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  optional?: boolean;
  rows?: number;
  maxLength?: number;
}

/** A labelled multi-line input, styled like ui/text-field. */
export function TextAreaField({
  label,
  value,
  onChange,
  optional,
  rows = 3,
  maxLength,
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optional === true && <span className={styles.optional}> (optional)</span>}
      </label>
      <textarea
        id={id}
        className={styles.input}
        value={value}
        rows={rows}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
