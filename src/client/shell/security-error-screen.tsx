import type { ReactNode } from 'react';
import { Logo } from '../ui/logo.tsx';
import { SITE_TITLE } from '../ui/brand.tsx';
import { Button } from '../ui/button.tsx';
import { useT } from '../i18n/i18n.ts';
import styles from './shell.module.css';

function ErrorFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <main className={styles.errorPage}>
      <section className={styles.errorCard} role="alert" aria-labelledby="security-error-title">
        <p className={styles.brand}>
          <Logo size={28} />
          {SITE_TITLE}
        </p>
        <h1 id="security-error-title" className={styles.errorTitle}>
          {t('common.security.title')}
        </h1>
        {children}
      </section>
    </main>
  );
}

/** The exchange failed (spec section 2 "Startup"): say so, offer a reload. */
export function SecurityErrorScreen({ message }: { message: string }) {
  const t = useT();
  return (
    <ErrorFrame>
      <p>{t('common.security.explain')}</p>
      {message !== '' && <p className={styles.detail}>{message}</p>}
      <Button onClick={() => window.location.reload()}>{t('common.action.reload')}</Button>
    </ErrorFrame>
  );
}

/** A fatal startup error: 'Security Error' plus the error message and a Retry. */
export function FatalErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <ErrorFrame>
      <p className={styles.detail}>
        {message === '' ? t('common.security.unknownError') : message}
      </p>
      <Button onClick={onRetry}>{t('common.action.retry')}</Button>
    </ErrorFrame>
  );
}
