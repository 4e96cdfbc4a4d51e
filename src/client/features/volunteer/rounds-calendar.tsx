// The right panel (spec section 2): 'Select a date to see rounds', a month calendar whose days
// with a round are highlighted (matched by the UTC date of startTime, spec section 9). A day's
// button also says so in words, for screen readers. Month, weekday and day names, and the
// buttons' names, are in the language the app speaks. Hand-made (issue 21: react-day-picker and
// date-fns were ~15 KB gzip of the volunteer's home), with what the library gave: a grid of day
// buttons (one Tab stop; arrows move a day or a week, Home/End to the week's ends, Page Up/Down
// a month), previous/next month buttons in a navigation, the month's name said when it changes.
import { memo, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { calendarDayKey, roundDateKey } from '#shared/rules/round-dates';
import { currentLanguage, useT } from '../../i18n/i18n.ts';
import { calendarFormat } from './calendar-dates.ts';
import { ListPanel } from './panels.tsx';
import type { RoundEntry } from './volunteer-data.ts';
import styles from './volunteer.module.css';

const startOfDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate());
const startOfMonth = (day: Date) => new Date(day.getFullYear(), day.getMonth(), 1);
const addDays = (day: Date, days: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);
/** The same day of another month, or that month's last day. */
function addMonths(day: Date, months: number): Date {
  const first = new Date(day.getFullYear(), day.getMonth() + months, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(day.getDate(), last));
}
const sameDay = (a: Date, b: Date) => calendarDayKey(a) === calendarDayKey(b);

/** The month's weeks, Sunday first; null where a week runs into the month before or after. */
function monthWeeks(month: Date): (Date | null)[][] {
  const weeks: (Date | null)[][] = [];
  let week: (Date | null)[] = Array.from({ length: month.getDay() }, () => null);
  for (let day = month; day.getMonth() === month.getMonth(); day = addDays(day, 1)) {
    week.push(day);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0)
    weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/** Sunday to Saturday of any week. */
const WEEK = Array.from({ length: 7 }, (_, i) => new Date(2026, 0, 4 + i));

/** Where an arrow, Home/End or Page key moves focus from `day`; null for other keys. */
function nextFocus(day: Date, key: string): Date | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -day.getDay());
    case 'End':
      return addDays(day, 6 - day.getDay());
    case 'PageUp':
      return addMonths(day, -1);
    case 'PageDown':
      return addMonths(day, 1);
    default:
      return null;
  }
}

interface RoundsCalendarProps {
  entries: RoundEntry[] | undefined;
  error: string | null;
  onPickDay: (day: Date) => void;
}

// Memoised: the dashboard re-renders whenever any of its lists changes, and a month of day
// buttons is the costliest part of it to render again for nothing.
export const RoundsCalendar = memo(function RoundsCalendar({
  entries,
  error,
  onPickDay,
}: RoundsCalendarProps) {
  const t = useT();
  const format = calendarFormat(currentLanguage());
  const captionId = useId();
  const [today] = useState(() => new Date());
  const [focused, setFocused] = useState(() => startOfDay(today));
  const [selected, setSelected] = useState<Date | null>(null);
  const month = startOfMonth(focused);
  const grid = useRef<HTMLTableElement>(null);
  // Set by a key that moved focus: the new day's button takes it once painted.
  const moved = useRef(false);
  const days = useMemo(
    () => new Set((entries ?? []).map((e) => roundDateKey(e.round.startTime))),
    [entries],
  );
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });
  const label = (day: Date) => {
    let name = format(day, 'PPPP');
    if (sameDay(day, today)) name = t('volunteer.calendar.today', { day: name });
    if (selected !== null && sameDay(day, selected)) {
      name = t('volunteer.calendar.selected', { day: name });
    }
    if (days.has(calendarDayKey(day))) name = t('volunteer.calendar.dayWithRounds', { day: name });
    return name;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const next = nextFocus(day, event.key);
    if (next === null) return;
    event.preventDefault();
    moved.current = true;
    setFocused(next);
  };
  const showMonth = (months: number) => setFocused(addMonths(month, months));
  return (
    <ListPanel title={t('volunteer.calendar.title')} list="allRounds" error={error}>
      <div className={styles.calendar}>
        <div className={styles.month}>
          <div className={styles.monthHead}>
            <span id={captionId} className={styles.caption} aria-live="polite">
              {format(month, 'LLLL y')}
            </span>
            <nav className={styles.monthNav} aria-label={t('volunteer.calendar.nav')}>
              <button
                type="button"
                className={styles.monthButton}
                aria-label={t('volunteer.calendar.previousMonth')}
                onClick={() => showMonth(-1)}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button
                type="button"
                className={styles.monthButton}
                aria-label={t('volunteer.calendar.nextMonth')}
                onClick={() => showMonth(1)}
              >
                <span aria-hidden="true">›</span>
              </button>
            </nav>
          </div>
          <table ref={grid} role="grid" aria-labelledby={captionId} className={styles.monthGrid}>
            <thead>
              <tr>
                {WEEK.map((weekday) => (
                  <th
                    key={weekday.getDay()}
                    scope="col"
                    className="rdp-weekday"
                    aria-label={format(weekday, 'cccc')}
                  >
                    {format(weekday, 'cccccc')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(month).map((week) => (
                <tr key={calendarDayKey(week.find((day) => day !== null) ?? month)}>
                  {week.map((day, i) =>
                    day === null ? (
                      <td key={`empty-${String(i)}`} role="gridcell" />
                    ) : (
                      <td
                        key={calendarDayKey(day)}
                        data-day={calendarDayKey(day)}
                        role="gridcell"
                        className={days.has(calendarDayKey(day)) ? styles.hasRound : undefined}
                        aria-selected={
                          selected !== null && sameDay(day, selected) ? true : undefined
                        }
                      >
                        <button
                          type="button"
                          className={`rdp-day_button ${sameDay(day, today) ? styles.today : ''}`}
                          tabIndex={sameDay(day, focused) ? 0 : -1}
                          aria-label={label(day)}
                          onKeyDown={(event) => onKeyDown(event, day)}
                          onFocus={() => {
                            if (!sameDay(day, focused)) setFocused(day);
                          }}
                          onClick={() => {
                            setSelected(day);
                            onPickDay(day);
                          }}
                        >
                          {format(day, 'd')}
                        </button>
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <p className={styles.legend}>
        <span className={styles.legendDot} aria-hidden="true" />
        {t('volunteer.calendar.legend')}
      </p>
    </ListPanel>
  );
});
