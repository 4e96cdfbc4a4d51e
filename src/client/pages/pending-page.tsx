import { useT } from '../i18n/i18n.ts';
import styles from './pages.module.css';

/** Shown while a screen's code loads (only when that takes a moment). */
export function PendingPage() {
  const t = useT();
  return (
    <p className={styles.pending} role="status">
      {t('common.load.loading')}
    </p>
  );
}
