import { stockStatus, type StockStatus } from '#shared/rules/stock-status';
import styles from './catalogue.module.css';

const STATUS_CLASS: Record<StockStatus, string | undefined> = {
  Out: styles.out,
  Low: styles.low,
  Fine: styles.fine,
};

/** Out / Low / Fine for a total or a size's quantity (spec sections 4 and 9). */
export function StockBadge({ quantity }: { quantity: number }) {
  const status = stockStatus(quantity);
  return (
    <span className={`${styles.badge} ${STATUS_CLASS[status] ?? ''}`}>
      <span className="visually-hidden">Stock status: </span>
      {status}
    </span>
  );
}
