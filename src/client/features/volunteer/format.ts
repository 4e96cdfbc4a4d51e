// How the dashboard writes times and lists: the viewer's local time (replies are UTC).
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' });

export function formatDateTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : dateTime.format(instant);
}

export function formatDay(day: Date): string {
  return longDate.format(day);
}

export function itemNames(items: readonly { itemName: string }[]): string {
  return items.map((item) => item.itemName).join(', ');
}

/** A value that may be missing (hidden personal data, no notes). */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}
