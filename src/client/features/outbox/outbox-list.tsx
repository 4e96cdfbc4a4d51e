import { discardAction, retryAction } from '../../offline/engine.ts';
import { useOutboxEntries } from '../../offline/hooks.ts';
import type { OutboxRow } from '../../offline/types.ts';
import { Button } from '../../ui/button.tsx';
import { NEEDS_ATTENTION_TITLE, shortDateTime } from './status-texts.ts';
import styles from './outbox.module.css';

function Entry({ row }: { row: OutboxRow }) {
  const when = row.status === 'rejected' ? row.updatedAt : row.createdAt;
  const state =
    row.status === 'sending' ? 'Sending' : row.status === 'rejected' ? 'Refused' : 'Queued';
  return (
    <li className={styles.entry}>
      <span className={styles.entryText}>
        <span>{row.label}</span>
        <span className={styles.meta}>
          {state} · <time dateTime={when}>{shortDateTime(when)}</time>
        </span>
        {row.status === 'rejected' && row.lastError !== null && (
          <span className={styles.error}>{row.lastError}</span>
        )}
        {row.status === 'queued' && row.attempts > 0 && row.lastError !== null && (
          <span className={styles.meta}>{row.lastError}</span>
        )}
      </span>
      {row.status === 'rejected' && (
        <span className={styles.entryActions}>
          <Button variant="secondary" onClick={() => void retryAction(row.seq)}>
            Retry
          </Button>
          <Button variant="danger" onClick={() => void discardAction(row.seq)}>
            Discard
          </Button>
        </span>
      )}
    </li>
  );
}

function Section({ title, rows }: { title: string; rows: OutboxRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      <ul className={styles.list}>
        {rows.map((row) => (
          <Entry key={row.seq} row={row} />
        ))}
      </ul>
    </section>
  );
}

/** The outbox: what is waiting, what is being sent, and what the server refused. */
export function OutboxList() {
  const rows = useOutboxEntries();
  if (rows === undefined) return null; // still reading IndexedDB
  if (rows.length === 0) return <p>Nothing is waiting to be sent.</p>;
  return (
    <>
      <Section title={NEEDS_ATTENTION_TITLE} rows={rows.filter((r) => r.status === 'rejected')} />
      <Section title="Sending" rows={rows.filter((r) => r.status === 'sending')} />
      <Section title="Queued" rows={rows.filter((r) => r.status === 'queued')} />
    </>
  );
}
