// Orders still on this device (queued offline, or being sent), under the home's notices: the
// person sees they are kept. A client's also show in the history; a guest's 'Current Order'
// dialog opens once the server has taken one.
import { useOnline } from '../../offline/hooks.ts';
import { useOrderOutbox } from '../../offline/orders-outbox.ts';
import { QUEUED_TEXT } from '../outbox/status-texts.ts';
import styles from './cart.module.css';

export const SENDING_TEXT = 'Sending…';

export function PendingOrders({ kind }: { kind: string }) {
  const online = useOnline();
  const rows = (useOrderOutbox() ?? []).filter(
    (r) => r.kind === kind && (r.status === 'queued' || r.status === 'sending'),
  );
  if (rows.length === 0) return null;
  return (
    <ul className={styles.pending} aria-label="Orders waiting to send">
      {rows.map((row) => {
        const waiting = row.status === 'queued' && (!online || row.attempts > 0);
        return (
          <li key={row.seq} role="status">
            {row.label} — <span>{waiting ? QUEUED_TEXT : SENDING_TEXT}</span>
          </li>
        );
      })}
    </ul>
  );
}
