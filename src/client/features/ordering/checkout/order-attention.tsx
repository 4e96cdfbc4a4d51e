// Orders the server refused after they were queued (a 409 on replay): what it said, and
// 'Back to cart' (the lines return to the cart to be changed and sent again) or Discard.
// The outbox list shows them too, with Retry; this is where an order can be edited.
import { say, useT } from '../../../i18n/i18n.ts';
import { discardAction } from '../../../offline/engine.ts';
import { useOrderOutbox } from '../../../offline/orders-outbox.ts';
import type { OutboxRow } from '../../../offline/types.ts';
import { Button } from '../../../ui/button.tsx';
import { needsAttentionTitle } from '../../../offline/status-texts.ts';
import styles from '../cart/cart.module.css';

interface OrderAttentionProps {
  kind: string;
  onBackToCart: (row: OutboxRow) => void;
}

export function OrderAttention({ kind, onBackToCart }: OrderAttentionProps) {
  const t = useT();
  const rows = useOrderOutbox()?.filter((r) => r.kind === kind && r.status === 'rejected') ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-label={needsAttentionTitle()}>
      <h2 className="visually-hidden">{needsAttentionTitle()}</h2>
      {rows.map((row) => (
        <div key={row.seq} className={styles.notice} role="group" aria-label={say(row.label)}>
          <p className={styles.noticeText}>
            <strong>{t('ordering.attention.notPlaced', { label: row.label })}</strong>{' '}
            {row.lastError}
          </p>
          <span className={styles.noticeActions}>
            <Button variant="secondary" onClick={() => onBackToCart(row)}>
              {t('ordering.attention.backToCart')}
            </Button>
            <Button variant="danger" onClick={() => void discardAction(row.seq)}>
              {t('ordering.attention.discard')}
            </Button>
          </span>
        </div>
      ))}
    </section>
  );
}
