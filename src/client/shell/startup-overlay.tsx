import { useT } from '../i18n/i18n.ts';
import styles from './shell.module.css';

/** Full-screen while the key exchange runs (spec section 2 "Startup"). */
export function StartupOverlay() {
  const t = useT();
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <p className={styles.overlayText}>{t('common.startup.connecting')}</p>
    </div>
  );
}
