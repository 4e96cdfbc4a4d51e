// Round times (spec section 9, wire-protocol.md "Shapes the spec leaves open").
// - Requests may send ISO 8601 with an offset or without one; without one it is UTC.
// - Rounds are matched to calendar days by the date part of startTime in UTC.

// YYYY-MM-DDTHH:mm, optional :ss and fraction, optional Z or ±HH:MM (a space may replace T).
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function offsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

/**
 * The instant an ISO 8601 date-time names, or null when the text is not one (or names a day
 * that does not exist, such as 2026-02-30). No offset means UTC.
 */
export function parseRoundTime(text: string): Date | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (match === null) return null;
  const num = (part: string | undefined) => Number(part ?? '0');
  const [year, month, day] = [num(match[1]), num(match[2]), num(match[3])];
  const [hour, minute, second] = [num(match[4]), num(match[5]), num(match[6])];
  const offset = offsetMinutes(match[8]);
  if (offset === null || hour > 23 || minute > 59 || second > 59) return null;
  const instant = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years below 100 as written.
  instant.setUTCFullYear(year, month - 1, day);
  // A day that does not exist (2026-02-30) rolls over to another month: not a date.
  if (instant.getUTCMonth() !== month - 1 || instant.getUTCDate() !== day) return null;
  const ms = Math.floor(Number(`0.${match[7] ?? '0'}`) * 1000);
  instant.setUTCHours(hour, minute, second, ms);
  return new Date(instant.getTime() - offset * 60_000);
}

/** The calendar day (YYYY-MM-DD, UTC) a round belongs to: the date part of its startTime. */
export function roundDateKey(startTime: string): string {
  const instant = new Date(startTime);
  if (Number.isNaN(instant.getTime())) return '';
  return instant.toISOString().slice(0, 10);
}

/** The YYYY-MM-DD of a day picked on a calendar (its local year, month and day). */
export function calendarDayKey(day: Date): string {
  const month = String(day.getMonth() + 1).padStart(2, '0');
  const date = String(day.getDate()).padStart(2, '0');
  return `${String(day.getFullYear()).padStart(4, '0')}-${month}-${date}`;
}

/** The rounds that start on the picked calendar day (by the UTC date part of startTime). */
export function roundsOnDay<T extends { startTime: string }>(rounds: readonly T[], day: Date): T[] {
  const key = calendarDayKey(day);
  return rounds.filter((round) => roundDateKey(round.startTime) === key);
}
