import styles from './form-message.module.css';

interface MessageProps {
  text: string | null;
  /** alert: announced at once (an error); status: announced politely (a success). */
  role: 'alert' | 'status';
  tone: 'error' | 'success';
}

/** A line under a form, shown only when there is something to say. */
function FormMessage({ text, role, tone }: MessageProps) {
  if (text === null || text === '') return null;
  return (
    <p role={role} className={`${styles.message} ${styles[tone]}`}>
      {text}
    </p>
  );
}

/** An error under a form; role=alert so screen readers announce it when it appears. */
export function ErrorMessage({ text }: { text: string | null }) {
  return <FormMessage text={text} role="alert" tone="error" />;
}

/** A success note; role=status is announced politely. */
export function SuccessMessage({ text }: { text: string | null }) {
  return <FormMessage text={text} role="status" tone="success" />;
}
