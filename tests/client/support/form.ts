import { vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';

export function fill(label: string | RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export function click(name: string): void {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** How long to wait for the real server (argon2 hashing on a busy 2-core machine is slow). */
export const SERVER_WAIT = { timeout: 10_000 };

/** The text of the form's error (role=alert) once it shows. */
export async function alertText(): Promise<string> {
  return (await screen.findByRole('alert', {}, SERVER_WAIT)).textContent;
}

/** window.alert, recorded (jsdom has none). */
export function recordAlerts(): string[] {
  const alerts: string[] = [];
  vi.spyOn(window, 'alert').mockImplementation((message?: unknown) => {
    alerts.push(String(message));
  });
  return alerts;
}

/**
 * A field's own refusal (issue 20 item 6) once it shows: the input is aria-invalid and
 * described by the error beside it; null when the field is valid.
 */
export function fieldError(label: string | RegExp): string | null {
  const input = screen.getByLabelText(label);
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const errorId = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .find((id) => id.endsWith('-error'));
  return errorId === undefined ? null : (document.getElementById(errorId)?.textContent ?? null);
}
