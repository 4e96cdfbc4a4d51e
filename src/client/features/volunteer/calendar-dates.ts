// The date texts react-day-picker formats for every day it paints, done by hand. Its default
// formatter (date-fns `format`) parses the pattern on each call, and a month costs some 220
// calls: the largest part of the calendar's first render, which is one unit of React work and
// so one long task on a phone. In English the texts are date-fns' own (en-US, the calendar's
// default: the day buttons' names stay as they were); in another language the month and
// weekday names come from Intl in that language (no date-fns locale to download).
import { defaultDateLib } from 'react-day-picker';
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

/** date-fns `format(date, pattern)` in en-US, by hand for the patterns used per day. */
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
    default:
      return defaultDateLib.format(date, pattern);
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
    case 'y LLLL':
      return capitalised(dateFormat({ month: 'long', year: 'numeric' }).format(date));
    case 'LLLL':
      return capitalised(dateFormat({ month: 'long' }).format(date));
    case 'cccc':
      return dateFormat({ weekday: 'long' }).format(date);
    case 'cccccc':
      return dateFormat({ weekday: 'short' }).format(date);
    default:
      return defaultDateLib.format(date, pattern);
  }
}

/** DayPicker's `dateLib` prop: the same dates, formatted without parsing a pattern each time. */
export const CALENDAR_DATE_LIB = { format: formatCalendarDate };
const INTL_DATE_LIB = { format: formatIntlCalendarDate };

/** The calendar's date library for a language (one object per language: DayPicker rebuilds
 * its own when this prop changes). */
export function calendarDateLib(language: Language): typeof CALENDAR_DATE_LIB {
  return language === 'en' ? CALENDAR_DATE_LIB : INTL_DATE_LIB;
}
