import type { Ref } from 'react';
import { say, useT, type Saying } from '../i18n/i18n.ts';
import styles from './form-message.module.css';

interface MessageProps {
  text: Saying | null;
  /**
   * alert: announced at once (an error); status: announced politely (any other news); none:
   * shown only, for news the status region (status-toast.tsx announce) already says.
   */
  role: 'alert' | 'status' | 'none';
  /** waiting: done as asked, but what it leads to has not happened yet. */
  tone: 'error' | 'success' | 'waiting';
  /** The screen's own additions (width, scrolling into view); they set no colour. */
  className?: string;
  ref?: Ref<HTMLParagraphElement>;
}

/** A line under a form, shown only when there is something to say. */
function FormMessage({ text, role, tone, className, ref }: MessageProps) {
  useT(); // a message shown here follows a change of language
  if (text === null || text === '') return null;
  return (
    <p
      ref={ref}
      role={role === 'none' ? undefined : role}
      data-testid={role === 'none' ? 'action-record' : undefined}
      className={[styles.message, styles[tone], className].join(' ').trim()}
    >
      {say(text)}
    </p>
  );
}

/** An error under a form; role=alert so screen readers announce it when it appears. */
export function ErrorMessage({ text }: { text: Saying | null }) {
  return <FormMessage text={text} role="alert" tone="error" />;
}

/** A success note; role=status is announced politely. */
export function SuccessMessage({ text }: { text: Saying | null }) {
  return <FormMessage text={text} role="status" tone="success" />;
}

/** Polite news in the tone of what it says (see MessageProps.tone). */
export function StatusMessage(props: Omit<MessageProps, 'role'> & { tone: 'success' | 'waiting' }) {
  return <FormMessage {...props} role="status" />;
}

/**
 * What an action did, kept on the page while the status region (announce) says it: one
 * announcement per action. Not a live region itself, because a second one would say the same
 * news twice, and because the status region is the one a modal dialog never hides from a
 * screen reader (it is aria-live) and that is on the page before the news arrives.
 */
export function ActionRecord(
  props: Omit<MessageProps, 'role' | 'tone'> & { tone?: 'success' | 'waiting' },
) {
  return <FormMessage {...props} tone={props.tone ?? 'success'} role="none" />;
}
