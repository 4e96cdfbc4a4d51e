// A status as a badge: each kind of status has its own colours AND its own mark (a shape drawn
// before the text), so it never rests on colour alone (WCAG 1.4.1). The text is the caller's
// (the spec's word: 'PENDING', 'Completed', 'Waitlisted'…); the mark is decoration, hidden from
// screen readers.
import type { ReactNode } from 'react';
import styles from './status-badge.module.css';

/** What a status means to the person reading it: one colour and one mark each. */
type Tone = 'waiting' | 'active' | 'done' | 'stopped' | 'refused';

const TONE_OF: Record<string, Tone> = {
  PENDING: 'waiting',
  WAITLISTED: 'waiting',
  SCHEDULED: 'waiting',
  PROCESSING: 'active',
  IN_PROGRESS: 'active',
  COMPLETED: 'done',
  CONFIRMED: 'done',
  APPROVED: 'done',
  CANCELLED: 'stopped',
  REJECTED: 'refused',
};

/** 16×16 shapes: a clock, a half-filled circle, a tick, a slashed circle, a cross. */
const MARKS: Record<Tone, ReactNode> = {
  waiting: (
    <>
      <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </>
  ),
  active: (
    <>
      <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 1.75a6.25 6.25 0 0 1 0 12.5z" fill="currentColor" />
    </>
  ),
  done: <path d="M3 8.5l3.25 3.25L13 5" fill="none" stroke="currentColor" strokeWidth="2" />,
  stopped: (
    <>
      <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3.6 12.4l8.8-8.8" stroke="currentColor" strokeWidth="1.5" />
    </>
  ),
  refused: <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" />,
};

interface StatusBadgeProps {
  /** The status (an enum value of the contracts) that decides the look. */
  status: string;
  /** The text shown, when it is not the status itself. */
  children?: ReactNode;
}

export function StatusBadge({ status, children }: StatusBadgeProps) {
  const tone = TONE_OF[status] ?? 'waiting';
  return (
    <span className={`${styles.badge} ${styles[tone] ?? ''}`} data-tone={tone}>
      <svg className={styles.mark} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        {MARKS[tone]}
      </svg>
      {children ?? status}
    </span>
  );
}
