import { Link } from '@tanstack/react-router';
import { useOutboxSummary } from '../../offline/hooks.ts';
import { waitingForSignInText } from './status-texts.ts';
import styles from './outbox.module.css';

/** "N changes waiting — sign in to send them" once the login has ended. */
export function SignInBanner() {
  const { waitingForSignIn } = useOutboxSummary();
  if (waitingForSignIn === 0) return null;
  return (
    <p role="status" className={styles.banner}>
      {waitingForSignInText(waitingForSignIn)} <Link to="/login">Log in</Link>
    </p>
  );
}
