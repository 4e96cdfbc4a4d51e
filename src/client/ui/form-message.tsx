import styles from './form-message.module.css';

/** An error under a form; role=alert so screen readers announce it when it appears. */
export function ErrorMessage({ text }: { text: string | null }) {
  if (text === null || text === '') return null;
  return (
    <p role="alert" className={`${styles.message} ${styles.error}`}>
      {text}
    </p>
  );
}

/** A success note; role=status is announced politely. */
export function SuccessMessage({ text }: { text: string | null }) {
  if (text === null || text === '') return null;
  return (
    <p role="status" className={`${styles.message} ${styles.success}`}>
      {text}
    </p>
  );
}
