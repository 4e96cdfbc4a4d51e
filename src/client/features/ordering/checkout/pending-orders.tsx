// Orders still on this device (queued offline, or being sent), under the home's notices: the
// person sees they are kept. A client's also show in the history; a guest's 'Current Order'
// dialog opens once the server has taken one. An order the device knows the server will
// refuse (order-limit-check.ts: the catalogue's max per order, the open orders) says so.
import { say, useT } from '../../../i18n/i18n.ts';
import { useOnline } from '../../../offline/hooks.ts';
import { ORDER_KINDS } from '../../../offline/actions.ts';
import { useOrderOutbox } from '../../../offline/orders-outbox.ts';
import { queuedText } from '../../../offline/status-texts.ts';
import { queuedOrderProblem, willBeRefusedText } from './order-limit-check.ts';
import { useLimitKnowledge } from './use-order-limits.ts';
import styles from '../cart/cart.module.css';

export function PendingOrders({ kind }: { kind: string }) {
  const t = useT();
  const online = useOnline();
  const knowledge = useLimitKnowledge(kind === ORDER_KINDS.create ? 'client' : 'guest');
  const rows = (useOrderOutbox() ?? []).filter(
    (r) => r.kind === kind && (r.status === 'queued' || r.status === 'sending'),
  );
  if (rows.length === 0) return null;
  return (
    <ul className={styles.pending} aria-label={t('ordering.pending.label')}>
      {rows.map((row) => {
        const waiting = row.status === 'queued' && (!online || row.attempts > 0);
        const problem = queuedOrderProblem(row, knowledge);
        return (
          <li key={row.seq} role="status">
            {say(row.label)} — <span>{waiting ? queuedText() : t('ordering.pending.sending')}</span>
            {problem !== null && (
              <span className={styles.flag}>
                {willBeRefusedText()} {problem}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
