import { useId, useState, type ReactNode } from 'react';
import type { MirrorListName } from '../../offline/mirror-lists.ts';
import card from '../../ui/card.module.css';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { UpdatedAgo } from '../../offline/updated-ago.tsx';
import styles from './volunteer.module.css';

interface ListPanelProps {
  title: string;
  /** The mirrored list shown: its "updated N minutes ago" goes next to the title. */
  list?: MirrorListName;
  error?: string | null;
  children?: ReactNode;
}

/** A titled panel of the dashboard; its title is its accessible name. */
export function ListPanel({ title, list, error = null, children }: ListPanelProps) {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <div className={styles.panelHead}>
        <h2 id={id}>{title}</h2>
        {list !== undefined && (
          // Its own line, kept while the time is read, so nothing below moves when it shows.
          <div className={styles.updatedLine}>
            <UpdatedAgo list={list} />
          </div>
        )}
      </div>
      <ErrorMessage text={error} />
      {children}
    </section>
  );
}

/**
 * A panel that starts closed; its title is the button that opens it (the disclosure
 * pattern). A plain button and region rather than Radix Collapsible, which measures its
 * content on every render (a forced layout in the dashboard's first paint) for a height
 * animation this panel does not have. The closed body stays in the page, empty and hidden,
 * so aria-controls always names an element.
 */
export function CollapsiblePanel({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <section className={styles.panel} aria-label={title}>
      <h2 className={styles.collapsibleTitle}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {title}
          <span aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
      </h2>
      <div id={bodyId} className={styles.collapsibleBody} hidden={!open}>
        {open && children}
      </div>
    </section>
  );
}

/** A list, or its empty text once the device copy has been read. */
export function ListOrEmpty<T>({
  items,
  empty,
  children,
}: {
  items: T[] | undefined;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  if (items === undefined) return null;
  if (items.length === 0) return <p className={styles.empty}>{empty}</p>;
  return <ul className={card.list}>{items.map(children)}</ul>;
}
