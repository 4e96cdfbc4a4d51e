import { useId } from 'react';
import type { CargoItem } from '#shared/contracts/cargo';
import { t, useT } from '../../../i18n/i18n.ts';
import { StockStatusText } from '../../../ui/stock-status.tsx';
import { ItemImage } from './item-image.tsx';
import { outOfStockText } from './stock-room.ts';
import styles from './catalogue.module.css';

/** "max 2 per order" (beyond-spec.md section 1: the catalogue shows each item's cap). */
export function maxPerOrderText(maxPerOrder: number): string {
  return t('ordering.catalogue.maxPerOrder', { max: maxPerOrder });
}

/** The item's category, or 'Uncategorised'. */
export function categoryText(category: string | null): string {
  return category ?? t('ordering.catalogue.uncategorised');
}

/**
 * One catalogue card (spec section 2 "Client home"): image or 'No Image', name, category,
 * 'Total Stock' with its status, and how many one order may ask for. The whole card opens the item's detail dialog; its
 * accessible name is the item's name.
 */
export function ItemCard({ item, onOpen }: { item: CargoItem; onOpen: () => void }) {
  const t = useT();
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
          <span>{categoryText(item.category)}</span>
          <span className={styles.stockLine}>
            <span>{t('ordering.catalogue.totalStock', { quantity: item.quantity })}</span>
            <StockStatusText quantity={item.quantity} badge />
          </span>
          <span className={styles.maxLine}>
            {item.quantity <= 0 ? outOfStockText() : maxPerOrderText(item.maxPerOrder)}
          </span>
        </span>
      </button>
    </li>
  );
}
