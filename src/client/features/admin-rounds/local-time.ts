// Round date inputs are minute-precision local date-times (product-spec.md section 9); the
// server gets ISO 8601 with the admin's local offset (wire-protocol.md "Shapes the spec leaves
// open"), so the instant is exactly what the admin saw, whatever their time zone.

const pad = (value: number) => String(value).padStart(2, '0');

/** '+02:00' / '-05:30' / '+00:00' for the local offset at that moment. */
function offsetText(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * 'YYYY-MM-DDTHH:mm' from a datetime-local input → 'YYYY-MM-DDTHH:mm:00+HH:MM'. Text that is
 * not such a value goes as typed, so the server names what is wrong with it.
 */
export function localInputToIso(value: string): string {
  const match = LOCAL_INPUT.exec(value.trim());
  if (match === null) return value.trim();
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const local = new Date(year, month - 1, day, hour, minute);
  return `${value.trim()}:00${offsetText(local)}`;
}

/** An ISO instant from the server → the datetime-local value in the admin's time zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
