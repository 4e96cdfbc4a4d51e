import { useSecureState } from '../../api/use-secure-state.ts';
import styles from './account.module.css';

/** Spec section 2 "Register": whether the secure session is up yet. */
export function SecureIndicator() {
  const ready = useSecureState().status === 'ready';
  return (
    <p className={ready ? `${styles.secure} ${styles.secureReady}` : styles.secure} role="status">
      <span className={styles.secureDot} aria-hidden="true" />
      {ready ? 'Secure connection established' : 'Establishing secure connection...'}
    </p>
  );
}
