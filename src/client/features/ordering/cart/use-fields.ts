import { useState } from 'react';

/** A form's text fields in one state; `set('notes')` makes the onChange of one field. */
export function useFields<T extends { [K in keyof T]: string }>(initial: T) {
  const [fields, setFields] = useState<T>(initial);
  const set = (name: keyof T) => (value: string) =>
    setFields((prev) => ({ ...prev, [name]: value }));
  return { fields, set, setFields };
}

export type Fields<T extends { [K in keyof T]: string }> = ReturnType<typeof useFields<T>>;
