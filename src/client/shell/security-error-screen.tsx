import type { ReactNode } from 'react';
import { Logo } from '../ui/logo.tsx';
import { SITE_TITLE } from '../ui/brand.tsx';
import { Button } from '../ui/button.tsx';
import styles from './shell.module.css';

function ErrorFrame({ children }: { children: ReactNode }) {
  return (
    <main className={styles.errorPage}>
      <section className={styles.errorCard} role="alert" aria-labelledby="security-error-title">
        <p className={styles.brand}>
          <Logo size={28} />
          {SITE_TITLE}
        </p>
        <h1 id="security-error-title" className={styles.errorTitle}>
          Security Error
        </h1>
        {children}
      </section>
    </main>
  );
}

/** The exchange failed (spec section 2 "Startup"): say so, offer a reload. */
export function SecurityErrorScreen({ message }: { message: string }) {
  return (
    <ErrorFrame>
      <p>
        The secure connection to the server could not be established. Please check your connection
        and reload the page.
      </p>
      {message !== '' && <p className={styles.detail}>{message}</p>}
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </ErrorFrame>
  );
}

/** A fatal startup error: 'Security Error' plus the error message and a Retry. */
export function FatalErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ErrorFrame>
      <p className={styles.detail}>{message === '' ? 'Unknown error' : message}</p>
      <Button onClick={onRetry}>Retry</Button>
    </ErrorFrame>
  );
}
