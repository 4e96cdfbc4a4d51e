// How the dashboard writes times and lists: the viewer's local time (replies are UTC), in the
// language the app speaks.
import { dateFormat } from '../../i18n/format.ts';

export function formatDateTime(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(instant);
}

export function formatDay(day: Date): string {
  return dateFormat({ dateStyle: 'full' }).format(day);
}

export function itemNames(items: readonly { itemName: string }[]): string {
  return items.map((item) => item.itemName).join(', ');
}

/** A value that may be missing (hidden personal data, no notes). */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}
