import styles from './field.module.css';
import { LabelledField } from './labelled-field.tsx';

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
  return (
    <LabelledField label={label} optional={optional}>
      {(id) => (
        <textarea
          id={id}
          className={styles.input}
          value={value}
          rows={rows}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </LabelledField>
  );
}
