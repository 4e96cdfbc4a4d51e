import { Link, useRouterState } from '@tanstack/react-router';
import { useT } from '../../i18n/i18n.ts';
import { waitingForSignInText } from '../../offline/status-texts.ts';
import styles from './offline-status.module.css';

/**
 * "N changes waiting — sign in to send them" once the login has ended, with a link to /login
 * (not on /login itself, where it would only repeat the form's own 'Log in'). The count
 * comes from the outbox status (outbox-status.tsx).
 */
export function SignInBanner({ waitingForSignIn }: { waitingForSignIn: number }) {
  const t = useT();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (waitingForSignIn === 0) return null;
  return (
    <p role="status" className={styles.banner}>
      {waitingForSignInText(waitingForSignIn)}
      {pathname !== '/login' && (
        <>
          {' '}
          <Link to="/login">{t('common.offline.logIn')}</Link>
        </>
      )}
    </p>
  );
}
