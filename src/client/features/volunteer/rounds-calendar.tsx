// The right panel (spec section 2): 'Select a date to see rounds', a calendar whose days with
// a round are highlighted (matched by the UTC date of startTime, spec section 9). A day's
// button also says so in words, for screen readers. Month, weekday and day names, and the
// buttons' names, are in the language the app speaks.
import { memo, useMemo } from 'react';
import { DayPicker, type DateLib, type Labels, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { Language } from '#shared/i18n/languages';
import { calendarDayKey, roundDateKey } from '#shared/rules/round-dates';
import { currentLanguage, t, useT } from '../../i18n/i18n.ts';
import { calendarDateLib } from './calendar-dates.ts';
import { ListPanel } from './panels.tsx';
import type { RoundEntry } from './volunteer-data.ts';
import styles from './volunteer.module.css';

/** A day button's name: its date, today, selected, and whether it has rounds. */
function labelDayButton(date: Date, modifiers: Modifiers, _options: unknown, lib?: DateLib) {
  let day = (lib ?? calendarDateLib(currentLanguage())).format(date, 'PPPP');
  if (modifiers.today === true) day = t('volunteer.calendar.today', { day });
  if (modifiers.selected === true) day = t('volunteer.calendar.selected', { day });
  if (modifiers.hasRound === true) day = t('volunteer.calendar.dayWithRounds', { day });
  return day;
}

/** DayPicker's labels; made once per language, as DayPicker rebuilds its own when they change. */
const labelsByLanguage = new Map<Language, Partial<Labels>>();
function calendarLabels(language: Language): Partial<Labels> {
  let labels = labelsByLanguage.get(language);
  if (labels === undefined) {
    labels = {
      labelDayButton,
      labelNav: () => t('volunteer.calendar.nav'),
      labelNext: () => t('volunteer.calendar.nextMonth'),
      labelPrevious: () => t('volunteer.calendar.previousMonth'),
    };
    labelsByLanguage.set(language, labels);
  }
  return labels;
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
  const language = currentLanguage();
  const days = useMemo(
    () => new Set((entries ?? []).map((e) => roundDateKey(e.round.startTime))),
    [entries],
  );
  const hasRound = (day: Date) => days.has(calendarDayKey(day));
  return (
    <ListPanel title={t('volunteer.calendar.title')} list="allRounds" error={error}>
      <div className={styles.calendar}>
        <DayPicker
          lang={language}
          onDayClick={(day) => onPickDay(day)}
          modifiers={{ hasRound }}
          modifiersClassNames={{ hasRound: styles.hasRound ?? 'has-round' }}
          dateLib={calendarDateLib(language)}
          labels={calendarLabels(language)}
        />
      </div>
      <p className={styles.legend}>
        <span className={styles.legendDot} aria-hidden="true" />
        {t('volunteer.calendar.legend')}
      </p>
    </ListPanel>
  );
});
