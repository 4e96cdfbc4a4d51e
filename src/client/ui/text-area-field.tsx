import { boundControl, LabelledField } from './labelled-field.tsx';

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
        <textarea {...boundControl(id, value, onChange)} rows={rows} maxLength={maxLength} />
      )}
    </LabelledField>
  );
}
