import type { ReactNode } from 'react';
import styles from './card.module.css';

interface CardHeadProps {
  /** 2 for a card standing on the page, 3 for one inside a titled panel or dialog. */
  level: 2 | 3;
  /** The heading's id: the card's aria-labelledby. */
  id: string;
  title: ReactNode;
  /** Badges after the title. */
  children?: ReactNode;
}

/** A card's title line: the heading, then its badges. */
export function CardHead({ level, id, title, children }: CardHeadProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={level === 2 ? `${styles.head} ${styles.roomy}` : styles.head}>
      <Heading id={id}>{title}</Heading>
      {children}
    </div>
  );
}

/** A list of labelled values (a <dl>): each label is a term, its value the definition. */
export function Fields({ children }: { children: ReactNode }) {
  return <dl className={styles.fields}>{children}</dl>;
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      {/* The colon comes from CSS (none after a question), so the label is the spec's exactly. */}
      <dt data-question={label.endsWith('?') ? '' : undefined}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
