import styles from './pages.module.css';

/** Shown while a screen's code loads (only when that takes a moment). */
export function PendingPage() {
  return (
    <p className={styles.pending} role="status">
      Loading…
    </p>
  );
}
