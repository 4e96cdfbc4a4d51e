import { stockStatus, type StockStatus } from '#shared/rules/stock-status';
import styles from './stock-status.module.css';

const STATUS_CLASS: Record<StockStatus, string | undefined> = {
  Out: styles.out,
  Low: styles.low,
  Fine: styles.fine,
};

/** Out / Low / Fine in its colour, for a total or a size's quantity (spec section 4). */
export function StockStatusText({ quantity }: { quantity: number }) {
  const status = stockStatus(quantity);
  return <span className={`${styles.status} ${STATUS_CLASS[status] ?? ''}`}>{status}</span>;
}
