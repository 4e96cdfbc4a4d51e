import type { Saying } from '../i18n/i18n.ts';
import { boundControl, invalidProps, LabelledField } from './labelled-field.tsx';

interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  optional?: boolean;
  rows?: number;
  maxLength?: number;
  error?: Saying;
}

/** A labelled multi-line input, styled like ui/text-field. */
export function TextAreaField({
  label,
  value,
  onChange,
  optional,
  rows = 3,
  maxLength,
  error,
}: TextAreaFieldProps) {
  return (
    <LabelledField label={label} optional={optional} error={error}>
      {(id) => (
        <textarea
          {...boundControl(id, value, onChange)}
          {...invalidProps(id, error)}
          rows={rows}
          maxLength={maxLength}
        />
      )}
    </LabelledField>
  );
}
