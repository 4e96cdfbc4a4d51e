// Dashboard building blocks: a responsive grid of cards that link somewhere or act.
import { useId, type ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import styles from './dashboard.module.css';

export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

interface CardBody {
  title: string;
  text?: string;
}

/** The title is the card's accessible name; the text is its description. */
function useCardBody({ title, text }: CardBody) {
  const id = useId();
  const labels = {
    'aria-labelledby': `${id}-title`,
    'aria-describedby': text === undefined ? undefined : `${id}-text`,
  };
  const body = (
    <>
      <span id={`${id}-title`} className={styles.cardTitle}>
        {title}
      </span>
      {text !== undefined && (
        <span id={`${id}-text`} className={styles.cardText}>
          {text}
        </span>
      )}
    </>
  );
  return { labels, body };
}

/** A card that navigates; its accessible name is its title and text. */
export function LinkCard({ to, ...body }: CardBody & { to: LinkProps['to'] }) {
  const card = useCardBody(body);
  return (
    <li>
      <Link to={to} className={styles.card} {...card.labels}>
        {card.body}
      </Link>
    </li>
  );
}

/** A card that acts in place (e.g. shows the catalogue). */
export function ActionCard({
  onClick,
  pressed,
  ...body
}: CardBody & { onClick: () => void; pressed?: boolean }) {
  const card = useCardBody(body);
  return (
    <li>
      <button
        type="button"
        className={styles.card}
        onClick={onClick}
        aria-pressed={pressed}
        {...card.labels}
      >
        {card.body}
      </button>
    </li>
  );
}

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className={styles.pageTitle}>{children}</h1>;
}

export function Panel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className={styles.panel} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
