// The calendar's date texts, by hand (issue 21: no date library on the volunteer's home). In
// English they are date-fns' own en-US texts, as react-day-picker painted them before
// (tests/client/features/volunteer/calendar-dates.test.ts holds them to date-fns): the day
// buttons' names stay as they were. In another language the month and weekday names come from
// Intl in that language.
import type { Language } from '#shared/i18n/languages';
import { dateFormat } from '../../i18n/format.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st: date-fns' `do` in English. */
function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${String(day)}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
  return `${String(day)}${suffix}`;
}

/** `yyyy-MM`. */
const isoMonth = (date: Date) => `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}`;

/** date-fns `format(date, pattern)` in en-US, by hand, for the patterns the calendar paints. */
export function formatCalendarDate(date: Date, pattern: string): string {
  switch (pattern) {
    case 'd':
      return String(date.getDate());
    case 'yyyy-MM':
      return isoMonth(date);
    case 'yyyy-MM-dd':
      return `${isoMonth(date)}-${pad(date.getDate(), 2)}`;
    case 'PPPP': {
      const weekday = WEEKDAYS[date.getDay()] ?? '';
      const monthName = MONTHS[date.getMonth()] ?? '';
      return `${weekday}, ${monthName} ${ordinal(date.getDate())}, ${String(date.getFullYear())}`;
    }
    case 'LLLL y':
      return `${MONTHS[date.getMonth()] ?? ''} ${String(date.getFullYear())}`;
    case 'cccc':
      return WEEKDAYS[date.getDay()] ?? '';
    case 'cccccc':
      return (WEEKDAYS[date.getDay()] ?? '').slice(0, 2);
    default:
      throw new Error(`The calendar has no date pattern ${pattern}`);
  }
}

/** "noviembre de 2026" → "Noviembre de 2026": a caption starts with a capital. */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * The same patterns in the current language by Intl (the app's format.ts speaks it). Numbers
 * and ISO keys stay as in English: they are not words.
 */
export function formatIntlCalendarDate(date: Date, pattern: string): string {
  switch (pattern) {
    case 'd':
    case 'yyyy-MM':
    case 'yyyy-MM-dd':
      return formatCalendarDate(date, pattern);
    case 'PPPP':
      return dateFormat({ dateStyle: 'full' }).format(date);
    case 'LLLL y':
      return capitalised(dateFormat({ month: 'long', year: 'numeric' }).format(date));
    case 'cccc':
      return dateFormat({ weekday: 'long' }).format(date);
    case 'cccccc':
      return dateFormat({ weekday: 'short' }).format(date);
    default:
      return formatCalendarDate(date, pattern);
  }
}

/** The calendar's date texts in a language. */
export function calendarFormat(language: Language): typeof formatCalendarDate {
  return language === 'en' ? formatCalendarDate : formatIntlCalendarDate;
}
