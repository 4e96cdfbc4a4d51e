import type { VolunteerRound } from '#shared/contracts/rounds';
import { t, useT } from '../../i18n/i18n.ts';
import { Field } from '../../ui/card-parts.tsx';
import { formatDateTime, orDash } from './format.ts';

/** What every round shows: description, location, start and end. */
export function RoundBasics({ round }: { round: VolunteerRound }) {
  const t = useT();
  return (
    <>
      <Field label={t('volunteer.round.description')}>{orDash(round.description)}</Field>
      <Field label={t('volunteer.round.location')}>{orDash(round.location)}</Field>
      <Field label={t('volunteer.round.start')}>
        <time dateTime={round.startTime}>{formatDateTime(round.startTime)}</time>
      </Field>
      <Field label={t('volunteer.round.end')}>
        <time dateTime={round.endTime}>{formatDateTime(round.endTime)}</time>
      </Field>
    </>
  );
}

export function yesNo(value: boolean): string {
  return value ? t('volunteer.field.yes') : t('volunteer.field.no');
}
