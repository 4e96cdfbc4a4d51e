import type { ReactNode } from 'react';
import type { VolunteerRound } from '#shared/contracts/rounds';
import { formatDateTime, orDash } from './format.ts';
import styles from './volunteer.module.css';

/** A list of labelled values (a <dl>): each label is a term, its value the definition. */
export function Fields({ children }: { children: ReactNode }) {
  return <dl className={styles.fields}>{children}</dl>;
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      {/* The colon comes from CSS, so the label's text is the spec's exactly. */}
      <dt data-question={label.endsWith('?') ? '' : undefined}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

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
