import { say, useT } from '../../i18n/i18n.ts';
import { useOnline } from '../../offline/hooks.ts';
import type { OutboxRow } from '../../offline/types.ts';
import { queuedText } from '../../offline/status-texts.ts';
import styles from './volunteer.module.css';

function useStateText(row: OutboxRow): string {
  const t = useT();
  const online = useOnline();
  const queued = row.status === 'queued' && (!online || row.attempts > 0);
  return queued ? queuedText() : t('volunteer.pending.sending');
}

/** Under a card whose action waits in the outbox: queued (offline) or being sent. */
export function PendingNote({ row }: { row: OutboxRow | undefined }) {
  if (row === undefined) return null;
  return <PendingLine row={row} />;
}

function PendingLine({ row, label }: { row: OutboxRow; label?: string }) {
  const text = useStateText(row);
  return (
    <p role="status" className={styles.pending}>
      {label === undefined ? text : `${label} — ${text}`}
    </p>
  );
}

/**
 * Waiting actions whose card has left the panel (a completed order, a cancelled sign-up), so
 * the panel still says what was done and that it is not sent yet.
 */
export function PendingActions({
  pending,
  kind,
}: {
  pending: Map<string, OutboxRow>;
  kind: string;
}) {
  const rows = [...pending.values()].filter((row) => row.kind === kind);
  return rows.map((row) => <PendingLine key={row.seq} row={row} label={say(row.label)} />);
}
