// A queued action's receipt in words (issue 17 item 3), shown where the action was made: the
// state is said, never only coloured, and announced politely as it changes (role=status).
import styles from './receipt.module.css';

export type ReceiptTone = 'waiting' | 'sent' | 'attention';

export const RECEIPT_TEXTS: Record<ReceiptTone, string> = {
  waiting: 'Waiting to send',
  sent: 'Sent ✓',
  attention: 'Needs attention',
};

export function Receipt({ state }: { state: ReceiptTone | null }) {
  if (state === null) return null;
  return (
    <span role="status" className={`${styles.receipt} ${styles[state] ?? ''}`}>
      {RECEIPT_TEXTS[state]}
    </span>
  );
}
