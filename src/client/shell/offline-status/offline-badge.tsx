import { useOnline } from '../../offline/online.ts';
import { OFFLINE_BADGE_TEXT } from '../../offline/status-texts.ts';
import styles from './offline-status.module.css';

/** Shown while the browser says it has no network (DESIGN.md offline rule 7). */
export function OfflineBadge() {
  const online = useOnline();
  if (online) return null;
  return (
    <span role="status" className={styles.badge}>
      {OFFLINE_BADGE_TEXT}
    </span>
  );
}
