// What the forms share: their values kept as one object (account, application and cart forms),
// a send that runs once at a time and shows its failure, and the spec's pause on a success note
// before the next screen.
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useBusy } from './use-busy.ts';
import type { Saying } from '../i18n/i18n.ts';

export interface FormState<F> {
  form: F;
  /** Sets one field, keeping the others as they are now. */
  change: (name: keyof F, value: string) => void;
  setForm: Dispatch<SetStateAction<F>>;
}

export function useFormState<F>(initial: F): FormState<F> {
  const [form, setForm] = useState<F>(initial);
  const change = (name: keyof F, value: string) =>
    setForm((current) => ({ ...current, [name]: value }));
  return { form, change, setForm };
}

export interface FormSend {
  /** True while a send runs: its button is disabled, so one click sends once. */
  busy: boolean;
  /** The line the form's ErrorMessage shows. */
  error: Saying | null;
  setError: (text: Saying | null) => void;
  /** Clears the last error and runs `task`; a throw shows `failure(thrown)`. */
  send: (task: () => Promise<void>, failure: (caught: unknown) => Saying) => Promise<void>;
}

export function useFormSend(): FormSend {
  const [error, setError] = useState<Saying | null>(null);
  const { busy, whileBusy } = useBusy();
  const send = async (task: () => Promise<void>, failure: (caught: unknown) => Saying) => {
    setError(null);
    await whileBusy(async () => {
      try {
        await task();
      } catch (caught) {
        setError(failure(caught));
      }
    });
  };
  return { busy, error, setError, send };
}

/**
 * A success note that, once shown, goes to `to` after `ms` (spec section 9: the note stays long
 * enough to read). Returns the note and its setter.
 */
export function useNoteThenLeave(
  to: '/' | '/login',
  ms: number,
): [Saying | null, (note: Saying) => void] {
  const [note, setNote] = useState<Saying | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (note === null) return;
    const timer = setTimeout(() => void navigate({ to }), ms);
    return () => clearTimeout(timer);
  }, [note, navigate, to, ms]);
  return [note, setNote];
}

/** Each field's refusal by the field's name. */
export type FieldErrors<Name extends string> = Partial<Record<Name, Saying>>;

export interface FieldErrorState<Name extends string> {
  errors: FieldErrors<Name>;
  /**
   * Shows these refusals (all at once, beside their fields) and moves focus to the first
   * invalid field of the form that was sent; true when there were none.
   */
  report: (errors: FieldErrors<Name>) => boolean;
  /** A field was changed: its refusal goes. */
  clear: (name: Name) => void;
}

/**
 * The first invalid control near what was just pressed (the form, or the dialog whose footer
 * holds the submit button, or the page's main), else anywhere on the page.
 */
export function focusFirstInvalid(from: Element | null = document.activeElement): void {
  const scope = from?.closest('form, [role="dialog"], [role="alertdialog"], main') ?? document;
  const area =
    scope instanceof HTMLFormElement ? (scope.closest('[role="dialog"]') ?? scope) : scope;
  area.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** Field refusals shown all at once with focus on the first (issue 20 item 6). */
export function useFieldErrors<Name extends string>(): FieldErrorState<Name> {
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  // Counts reports with refusals: focus moves once each is painted.
  const [reported, setReported] = useState(0);
  const [from, setFrom] = useState<Element | null>(null);
  useEffect(() => {
    if (reported > 0) focusFirstInvalid(from);
  }, [reported, from]);
  const report = (next: FieldErrors<Name>) => {
    const clean = Object.values(next).every((text) => text === undefined);
    setErrors(next);
    if (!clean) {
      setFrom(document.activeElement);
      setReported((n) => n + 1);
    }
    return clean;
  };
  const clear = (name: Name) =>
    setErrors((now) =>
      now[name] === undefined
        ? now
        : (Object.fromEntries(
            Object.entries(now).filter(([key]) => key !== name),
          ) as FieldErrors<Name>),
    );
  return { errors, report, clear };
}
