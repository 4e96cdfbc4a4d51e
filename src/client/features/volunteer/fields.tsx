import type { VolunteerRound } from '#shared/contracts/rounds';
import { Field } from '../../ui/card-parts.tsx';
import { formatDateTime, orDash } from './format.ts';

/** What every round shows: description, location, start and end. */
export function RoundBasics({ round }: { round: VolunteerRound }) {
  return (
    <>
      <Field label="Description">{orDash(round.description)}</Field>
      <Field label="Location">{orDash(round.location)}</Field>
      <Field label="Start">
        <time dateTime={round.startTime}>{formatDateTime(round.startTime)}</time>
      </Field>
      <Field label="End">
        <time dateTime={round.endTime}>{formatDateTime(round.endTime)}</time>
      </Field>
    </>
  );
}

export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}
