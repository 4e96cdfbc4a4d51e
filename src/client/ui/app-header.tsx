import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { BrandMark } from './brand.tsx';
import styles from './app-header.module.css';

interface AppHeaderProps {
  /** Text before the actions, e.g. the client's greeting. */
  greeting?: ReactNode;
  /** Buttons and links on the right (wrap below the brand on a phone). */
  children?: ReactNode;
}

/** The page header: logo and site title (a link home), then the page's actions. */
export function AppHeader({ greeting, children }: AppHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          <BrandMark />
        </Link>
        {(greeting !== undefined || children !== undefined) && (
          <nav aria-label="Main" className={styles.actions}>
            {greeting !== undefined && <p className={styles.greeting}>{greeting}</p>}
            {children}
          </nav>
        )}
      </div>
    </header>
  );
}
