// The calendar's hand-made date texts are date-fns' own: day buttons keep their accessible
// names (the e2e tests find days by them) and round keys their ISO form.
import { defaultDateLib } from 'react-day-picker';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '#client/features/volunteer/calendar-dates';

const DAY = 24 * 60 * 60 * 1000;

/** Every local noon from late 1999 to early 2031: leap days, month ends, all ordinals. */
function everyDay(): Date[] {
  const days: Date[] = [];
  for (let t = new Date(1999, 11, 25, 12).getTime(); t < new Date(2031, 0, 5).getTime(); t += DAY) {
    days.push(new Date(t));
  }
  return days;
}

describe('calendar date texts', () => {
  it.each(['d', 'yyyy-MM', 'yyyy-MM-dd', 'PPPP'])('formats %s as date-fns does', (pattern) => {
    const days = everyDay();
    expect(days.length).toBeGreaterThan(11_000);
    for (const day of days) {
      expect(formatCalendarDate(day, pattern)).toBe(defaultDateLib.format(day, pattern));
    }
  });

  it('reads a day label the way a screen reader hears it', () => {
    expect(formatCalendarDate(new Date(2026, 10, 22, 9), 'PPPP')).toBe(
      'Sunday, November 22nd, 2026',
    );
    expect(formatCalendarDate(new Date(2026, 1, 11), 'PPPP')).toBe(
      'Wednesday, February 11th, 2026',
    );
    expect(formatCalendarDate(new Date(2027, 0, 3), 'd')).toBe('3');
    expect(formatCalendarDate(new Date(2027, 0, 3), 'yyyy-MM-dd')).toBe('2027-01-03');
  });

  it('leaves other patterns to date-fns', () => {
    const day = new Date(2026, 10, 24);
    expect(formatCalendarDate(day, 'LLLL y')).toBe('November 2026');
    expect(formatCalendarDate(day, 'cccccc')).toBe(defaultDateLib.format(day, 'cccccc'));
  });
});
