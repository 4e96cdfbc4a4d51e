// The item-detail dialog (spec section 2 "Client home", section 5 "Item detail"): a size
// select showing each size's stock, a quantity (minimum 1, default 1), 'Add to Cart'. Stock
// aware (issue 20 item 4, stock-room.ts): the quantity is capped by the size's stock and the
// item's maxPerOrder (beyond-spec.md section 1), both less what the cart already holds, and
// when nothing more may be added the button is off and says why in words.
import { useState } from 'react';
import type { CargoItem } from '#shared/contracts/cargo';
import { orderLineName } from '#shared/rules/order-lines';
import { validateItemQuantity } from '#shared/rules/orders';
import { t, useT, type Saying } from '../../../i18n/i18n.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { StockStatusText } from '../../../ui/stock-status.tsx';
import type { CartLine } from '../cart/cart-store.ts';
import { AddToCartDialog, QuantityField } from './add-to-cart-dialog.tsx';
import { ItemImage } from './item-image.tsx';
import { categoryText, maxPerOrderText } from './item-card.tsx';
import { leftText, roomFor, type Room } from './stock-room.ts';
import styles from './catalogue.module.css';

interface ItemDetailProps {
  item: CargoItem;
  /** The whole catalogue copy (a cart line's name resolves against it). */
  items: readonly CargoItem[];
  lines: readonly CartLine[];
  onClose: () => void;
  onAdd: (line: CartLine) => void;
}

/** The first size with stock (else the first size); '' for an item without sizes. */
function defaultSize(sizes: Record<string, number>): string {
  const labels = Object.keys(sizes);
  return labels.find((l) => (sizes[l] ?? 0) > 0) ?? labels[0] ?? '';
}

/** "3 left in stock · max 2 per order · 1 in your cart" */
function quantityHint(room: Room): string {
  const parts = [leftText(room.left), maxPerOrderText(room.max)];
  if (room.itemInCart > 0)
    parts.push(t('ordering.catalogue.inYourCart', { count: room.itemInCart }));
  return parts.join(' · ');
}

/** A typed count above what may be added becomes that: the cart cannot take more. */
function capped(value: string, more: number): string {
  return /^\d+$/.test(value.trim()) && more > 0 && Number(value) > more ? String(more) : value;
}

function sizeOption([label, left]: [string, number]) {
  return {
    value: label,
    label:
      left > 0
        ? t('ordering.catalogue.sizeInStock', { size: label, left })
        : t('ordering.catalogue.sizeOutOfStock', { size: label }),
  };
}

export function ItemDetailDialog({ item, items, lines, onClose, onAdd }: ItemDetailProps) {
  const t = useT();
  const [size, setSize] = useState(() => defaultSize(item.sizeQuantities));
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<Saying | null>(null);
  const sizes = Object.entries(item.sizeQuantities);
  const room = roomFor(item, size, lines, items);

  const submit = () => {
    if (room.reason !== null) return;
    const problem = validateItemQuantity(quantity);
    setError(problem);
    if (problem !== null) return;
    onAdd({
      name: orderLineName(item.name, size),
      quantity: Math.min(Number(quantity), room.more),
      imageId: item.imageId,
      description: item.description,
      category: item.category,
    });
  };

  return (
    <AddToCartDialog
      title={item.name}
      description={item.description ?? undefined}
      intro={
        <div className={styles.detailHead}>
          <ItemImage imageId={item.imageId} name={item.name} />
          <p className={styles.meta}>
            <span>{categoryText(item.category)}</span>
            <span className={styles.stockLine}>
              <span>{t('ordering.catalogue.totalStock', { quantity: item.quantity })}</span>
              <StockStatusText quantity={item.quantity} badge />
            </span>
          </p>
        </div>
      }
      onClose={onClose}
      onSubmit={submit}
      error={error}
      blocked={room.reason}
    >
      {sizes.length > 0 && (
        <SelectField
          label={t('ordering.catalogue.size')}
          value={size}
          onChange={(next) => {
            setSize(next);
            setError(null);
          }}
          options={sizes.map(sizeOption)}
        />
      )}
      <QuantityField
        value={quantity}
        onChange={(value) => setQuantity(capped(value, room.more))}
        max={Math.max(1, room.more)}
        hint={quantityHint(room)}
        disabled={room.reason !== null}
      />
    </AddToCartDialog>
  );
}
