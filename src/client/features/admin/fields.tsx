// Form fields the admin forms need beyond ui/text-field: a select and a text area, with the same
// label-as-accessible-name rule and look.
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styles from '../../ui/field.module.css';

export { TextAreaField } from '../../ui/text-area-field.tsx';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  optional?: boolean;
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  optional,
  ...rest
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <select
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option === '' ? '—' : option}
          </option>
        ))}
      </select>
    </div>
  );
}

function FieldLabel({
  htmlFor,
  optional,
  children,
}: {
  htmlFor: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={styles.label} htmlFor={htmlFor}>
      {children}
      {optional === true && <span className={styles.optional}> (optional)</span>}
    </label>
  );
}
