import { useOnline } from '../../offline/online.ts';
import { useT } from '../../i18n/i18n.ts';
import { offlineBadgeText } from '../../offline/status-texts.ts';
import styles from './offline-status.module.css';

/** Shown while the browser says it has no network (DESIGN.md offline rule 7). */
export function OfflineBadge() {
  useT(); // renders again when the language changes
  const online = useOnline();
  if (online) return null;
  return (
    <span role="status" className={styles.badge}>
      {offlineBadgeText()}
    </span>
  );
}
