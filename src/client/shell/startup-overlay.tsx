import styles from './shell.module.css';

/** Full-screen while the key exchange runs (spec section 2 "Startup"). */
export function StartupOverlay() {
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <p className={styles.overlayText}>Establishing secure connection...</p>
    </div>
  );
}
