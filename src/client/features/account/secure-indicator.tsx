import { useSecureState } from '../../api/use-secure-state.ts';
import { useT } from '../../i18n/i18n.ts';
import styles from './account.module.css';

/** Spec section 2 "Register": whether the secure session is up yet. */
export function SecureIndicator() {
  const t = useT();
  const ready = useSecureState().status === 'ready';
  return (
    <p className={ready ? `${styles.secure} ${styles.secureReady}` : styles.secure} role="status">
      <span className={styles.secureDot} aria-hidden="true" />
      {t(ready ? 'account.secure.ready' : 'account.secure.pending')}
    </p>
  );
}
