import type { Saying } from '../i18n/i18n.ts';
import { boundControl, invalidProps, LabelledField } from './labelled-field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: Saying;
}

/** A labelled select, styled like ui/text-field. */
export function SelectField({ label, value, options, onChange, error }: SelectFieldProps) {
  return (
    <LabelledField label={label} error={error}>
      {(id) => (
        <select {...boundControl(id, value, onChange)} {...invalidProps(id, error)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
