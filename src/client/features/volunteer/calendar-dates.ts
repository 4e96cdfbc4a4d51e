// The date texts react-day-picker formats for every day it paints, done by hand. Its default
// formatter (date-fns `format`) parses the pattern on each call, and a month costs some 220
// calls: the largest part of the calendar's first render, which is one unit of React work and
// so one long task on a phone. The texts are date-fns' own for the app's locale (en-US, the
// calendar's default); any other pattern still goes to date-fns.
import { defaultDateLib } from 'react-day-picker';

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

/** DayPicker's `dateLib` prop: the same dates, formatted without parsing a pattern each time. */
export const CALENDAR_DATE_LIB = { format: formatCalendarDate };
