import { discardAction, retryAction } from '../../offline/engine.ts';
import { useNow, useOutboxEntries } from '../../offline/hooks.ts';
import type { OutboxRow } from '../../offline/types.ts';
import { say, useT, type Translate } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import {
  queuedOrderProblem,
  useLimitKnowledge,
  willBeRefusedText,
  type LimitKnowledge,
} from '../../features/ordering/index.ts';
import {
  longWaitDays,
  longWaitText,
  needsAttentionTitle,
  shortDateTime,
} from '../../offline/status-texts.ts';
import styles from './offline-status.module.css';

/**
 * An order waiting here that the server will refuse for the order limits, as far as this
 * device can know (features/ordering/checkout/order-limit-check.ts), is flagged before it is sent.
 */
interface EntryProps {
  row: OutboxRow;
  knowledge: LimitKnowledge;
  now: number;
}

/** The entry's state word: being sent, refused by the server, or waiting here. */
function stateText(t: Translate, status: OutboxRow['status']): string {
  if (status === 'sending') return t('common.outbox.sending');
  return status === 'rejected' ? t('common.outbox.refused') : t('common.outbox.queued');
}

function Entry({ row, knowledge, now }: EntryProps) {
  const t = useT();
  const flag = row.status === 'queued' ? queuedOrderProblem(row, knowledge) : null;
  const longWait = row.status === 'rejected' ? null : longWaitDays(row.createdAt, now);
  const when = row.status === 'rejected' ? row.updatedAt : row.createdAt;
  const state = stateText(t, row.status);
  return (
    <li className={styles.entry}>
      <span className={styles.entryText}>
        <span>{say(row.label)}</span>
        <span className={styles.meta}>
          {state} · <time dateTime={when}>{shortDateTime(when)}</time>
        </span>
        {row.status === 'rejected' && row.lastError !== null && (
          <span className={styles.error}>{row.lastError}</span>
        )}
        {row.status === 'queued' && row.attempts > 0 && row.lastError !== null && (
          <span className={styles.meta}>{row.lastError}</span>
        )}
        {longWait !== null && <span className={styles.error}>{longWaitText(longWait)}</span>}
        {flag !== null && (
          <span className={styles.error}>
            {willBeRefusedText()} {flag}
          </span>
        )}
      </span>
      {row.status === 'rejected' && (
        <span className={styles.entryActions}>
          <Button variant="secondary" onClick={() => void retryAction(row.seq)}>
            {t('common.action.retry')}
          </Button>
          <Button variant="danger" onClick={() => void discardAction(row.seq)}>
            {t('common.outbox.discard')}
          </Button>
        </span>
      )}
    </li>
  );
}

interface SectionProps {
  title: string;
  rows: OutboxRow[];
  knowledge: LimitKnowledge;
  now: number;
}

function Section({ title, rows, knowledge, now }: SectionProps) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      <ul className={styles.list}>
        {rows.map((row) => (
          <Entry key={row.seq} row={row} knowledge={knowledge} now={now} />
        ))}
      </ul>
    </section>
  );
}

/** The outbox: what is waiting, what is being sent, and what the server refused. */
export function OutboxList() {
  const t = useT();
  const rows = useOutboxEntries();
  const knowledge = useLimitKnowledge('client');
  const now = useNow(60_000);
  if (rows === undefined) return null; // still reading IndexedDB
  if (rows.length === 0) return <p>{t('common.outbox.empty')}</p>;
  return (
    <>
      <Section
        title={needsAttentionTitle()}
        rows={rows.filter((r) => r.status === 'rejected')}
        knowledge={knowledge}
        now={now}
      />
      <Section
        title={t('common.outbox.sending')}
        rows={rows.filter((r) => r.status === 'sending')}
        knowledge={knowledge}
        now={now}
      />
      <Section
        title={t('common.outbox.queued')}
        rows={rows.filter((r) => r.status === 'queued')}
        knowledge={knowledge}
        now={now}
      />
    </>
  );
}
