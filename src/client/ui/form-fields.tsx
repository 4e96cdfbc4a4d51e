// The text inputs of a form, drawn from a list that says each one's label and attributes. Every
// form binds its inputs the same way (the value read from the form by the field's name, a change
// sent back with that name), so the binding is written here once.
import type { Saying } from '../i18n/i18n.ts';
import type { HTMLInputTypeAttribute } from 'react';
import { TextAreaField } from './text-area-field.tsx';
import { TextField } from './text-field.tsx';

export interface FieldSpec<Name extends string> {
  /** The form's key this input reads and writes; also the React key. */
  name: Name;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'numeric';
  hint?: string;
  maxLength?: number;
  required?: boolean;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  /** A multi-line input (textarea) of this many rows; it takes no type, hint or autoComplete. */
  rows?: number;
}

// The attributes of inputs that recur across forms, so each kind behaves the same everywhere
// (the keyboard a phone shows, what the browser offers to fill in).
export const EMAIL_INPUT = { type: 'email', autoComplete: 'email' } as const;
export const PHONE_INPUT = { type: 'tel', autoComplete: 'tel', inputMode: 'numeric' } as const;
export const NEW_PASSWORD_INPUT = { type: 'password', autoComplete: 'new-password' } as const;
export const CURRENT_PASSWORD_INPUT = {
  type: 'password',
  autoComplete: 'current-password',
} as const;

interface FormFieldsProps<Name extends string> {
  fields: readonly FieldSpec<Name>[];
  /** The form; only the listed names are read (inferred from `fields`, not from the form). */
  values: NoInfer<Readonly<Record<Name, string>>>;
  onChange: (name: Name, value: string) => void;
  /** Each field's refusal, shown beside it (all at once: issue 20 item 6). */
  errors?: NoInfer<Partial<Record<Name, Saying>>>;
}

type FieldProps = Omit<FieldSpec<string>, 'name'> & {
  value: string;
  onChange: (value: string) => void;
  error?: Saying;
};

function FormField({ rows, ...input }: FieldProps) {
  if (rows === undefined) return <TextField {...input} />;
  const { label, optional, maxLength, value, onChange, error } = input;
  return (
    <TextAreaField
      label={label}
      optional={optional}
      maxLength={maxLength}
      rows={rows}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** The listed inputs, in order, each showing `values[name]` and reporting changes by name. */
export function FormFields<Name extends string>({
  fields,
  values,
  onChange,
  errors,
}: FormFieldsProps<Name>) {
  return fields.map(({ name, ...spec }) => (
    <FormField
      key={name}
      {...spec}
      value={values[name]}
      onChange={(value) => onChange(name, value)}
      {...(errors?.[name] === undefined ? {} : { error: errors[name] })}
    />
  ));
}
