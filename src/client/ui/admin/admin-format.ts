// Texts the admin tables show for the server's values.
import { formatDate } from '../../i18n/format.ts';

/** A date-time from the server (ISO, UTC) in the admin's local time and language. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDate(date, { dateStyle: 'short', timeStyle: 'short' });
}

export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}
