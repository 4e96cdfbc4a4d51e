// Orders the server refused after they were queued (a 409 on replay): what it said, and
// 'Back to cart' (the lines return to the cart to be changed and sent again) or Discard.
// The outbox list shows them too, with Retry; this is where an order can be edited.
import { discardAction } from '../../../offline/engine.ts';
import { useOrderOutbox } from '../../../offline/orders-outbox.ts';
import type { OutboxRow } from '../../../offline/types.ts';
import { Button } from '../../../ui/button.tsx';
import { NEEDS_ATTENTION_TITLE } from '../../../offline/status-texts.ts';
import styles from '../cart/cart.module.css';

export const BACK_TO_CART = 'Back to cart';

interface OrderAttentionProps {
  kind: string;
  onBackToCart: (row: OutboxRow) => void;
}

export function OrderAttention({ kind, onBackToCart }: OrderAttentionProps) {
  const rows = useOrderOutbox()?.filter((r) => r.kind === kind && r.status === 'rejected') ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-label={NEEDS_ATTENTION_TITLE}>
      <h2 className="visually-hidden">{NEEDS_ATTENTION_TITLE}</h2>
      {rows.map((row) => (
        <div key={row.seq} className={styles.notice} role="group" aria-label={row.label}>
          <p className={styles.noticeText}>
            <strong>{row.label} was not placed.</strong> {row.lastError}
          </p>
          <span className={styles.noticeActions}>
            <Button variant="secondary" onClick={() => onBackToCart(row)}>
              {BACK_TO_CART}
            </Button>
            <Button variant="danger" onClick={() => void discardAction(row.seq)}>
              Discard
            </Button>
          </span>
        </div>
      ))}
    </section>
  );
}
