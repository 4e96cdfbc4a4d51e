import { useId } from 'react';
import type { CargoItem } from '#shared/contracts/cargo';
import { ItemImage } from './item-image.tsx';
import { StockBadge } from './stock-badge.tsx';
import styles from './catalogue.module.css';

/**
 * One catalogue card (spec section 2 "Client home"): image or 'No Image', name, category and
 * 'Total Stock' with its status. The whole card opens the item's detail dialog; its
 * accessible name is the item's name.
 */
export function ItemCard({ item, onOpen }: { item: CargoItem; onOpen: () => void }) {
  const id = useId();
  return (
    <li>
      <button
        type="button"
        className={styles.card}
        onClick={onOpen}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-meta`}
      >
        <ItemImage imageId={item.imageId} name={item.name} />
        <span id={`${id}-name`} className={styles.name}>
          {item.name}
        </span>
        <span id={`${id}-meta`} className={styles.meta}>
          <span>{item.category ?? 'Uncategorised'}</span>
          <span className={styles.stockLine}>
            <span>Total Stock: {item.quantity}</span>
            <StockBadge quantity={item.quantity} />
          </span>
        </span>
      </button>
    </li>
  );
}
