import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n.ts';
import { AppLink } from './app-link.tsx';
import { BrandMark } from './brand.tsx';
import { LanguageMenu } from './language-menu.tsx';
import styles from './app-header.module.css';

interface AppHeaderProps {
  /** Text before the actions, e.g. the client's greeting. */
  greeting?: ReactNode;
  /** Buttons and links on the right (wrap below the brand on a phone). */
  children?: ReactNode;
}

/** The page header: logo and site title (a link home), the page's actions, the language. */
export function AppHeader({ greeting, children }: AppHeaderProps) {
  const t = useT();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <AppLink to="/" className={styles.brand}>
          <BrandMark />
        </AppLink>
        <div className={styles.actions}>
          {(greeting !== undefined || children !== undefined) && (
            <nav aria-label={t('common.header.navLabel')} className={styles.actions}>
              {greeting !== undefined && <p className={styles.greeting}>{greeting}</p>}
              {children}
            </nav>
          )}
          <LanguageMenu />
        </div>
      </div>
    </header>
  );
}
