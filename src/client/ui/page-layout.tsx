import { useId, type ReactNode } from 'react';
import styles from './page-layout.module.css';

interface PageLayoutProps {
  header: ReactNode;
  children: ReactNode;
  /** Forms: a single narrow column. */
  narrow?: boolean;
}

export function PageLayout({ header, children, narrow }: PageLayoutProps) {
  return (
    <>
      {header}
      <main className={narrow === true ? `${styles.main} ${styles.narrow}` : styles.main}>
        {children}
      </main>
    </>
  );
}

/** A titled panel; the title is the page's h1 unless `level` says otherwise. */
export function Card({
  title,
  level = 1,
  children,
}: {
  title: string;
  level?: 1 | 2;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.card} aria-labelledby={id}>
      <Heading id={id} className={styles.title}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A row of form buttons that wraps on a phone. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
