import { useId, useState, type ReactNode } from 'react';
import { Collapsible } from 'radix-ui';
import type { MirrorListName } from '../../offline/mirror-lists.ts';
import card from '../../ui/card.module.css';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { UpdatedAgo } from '../outbox/updated-ago.tsx';
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

/** A panel that starts closed; its title is the button that opens it. */
export function CollapsiblePanel({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <section className={styles.panel} aria-label={title}>
        <h2 className={styles.collapsibleTitle}>
          <Collapsible.Trigger className={styles.toggle}>
            {title}
            <span aria-hidden="true">{open ? '−' : '+'}</span>
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content className={styles.collapsibleBody}>{children}</Collapsible.Content>
      </section>
    </Collapsible.Root>
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
