// The right panel (spec section 2): 'Select a date to see rounds', a calendar whose days with
// a round are highlighted (matched by the UTC date of startTime, spec section 9). A day's
// button also says so in words, for screen readers.
import { memo, useMemo } from 'react';
import { DayPicker, labelDayButton, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import { calendarDayKey, roundDateKey } from '#shared/rules/round-dates';
import { CALENDAR_DATE_LIB } from './calendar-dates.ts';
import { ListPanel } from './panels.tsx';
import type { RoundEntry } from './volunteer-data.ts';
import styles from './volunteer.module.css';

export const CALENDAR_TITLE = 'Select a date to see rounds';
export const HAS_ROUNDS_LABEL = 'rounds scheduled';

type DayButtonLabelRest =
  Parameters<typeof labelDayButton> extends [Date, Modifiers, ...infer R] ? R : never;

// Module constants: DayPicker rebuilds its date library and labels when these props change.
const LABELS = {
  labelDayButton: (date: Date, modifiers: Modifiers, ...rest: DayButtonLabelRest) => {
    const label = labelDayButton(date, modifiers, ...rest);
    return modifiers.hasRound === true ? `${label}, ${HAS_ROUNDS_LABEL}` : label;
  },
};

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
  const days = useMemo(
    () => new Set((entries ?? []).map((e) => roundDateKey(e.round.startTime))),
    [entries],
  );
  const hasRound = (day: Date) => days.has(calendarDayKey(day));
  return (
    <ListPanel title={CALENDAR_TITLE} list="allRounds" error={error}>
      <div className={styles.calendar}>
        <DayPicker
          onDayClick={(day) => onPickDay(day)}
          modifiers={{ hasRound }}
          modifiersClassNames={{ hasRound: styles.hasRound ?? 'has-round' }}
          dateLib={CALENDAR_DATE_LIB}
          labels={LABELS}
        />
      </div>
      <p className={styles.legend}>
        <span className={styles.legendDot} aria-hidden="true" />
        Days with rounds
      </p>
    </ListPanel>
  );
});
