import type { Ref } from 'react';
import { say, useT, type Saying } from '../i18n/i18n.ts';
import styles from './form-message.module.css';

interface MessageProps {
  text: Saying | null;
  /** alert: announced at once (an error); status: announced politely (any other news). */
  role: 'alert' | 'status';
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
    <p ref={ref} role={role} className={[styles.message, styles[tone], className].join(' ').trim()}>
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
