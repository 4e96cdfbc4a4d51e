// The item-detail dialog (spec section 2 "Client home", section 5 "Item detail"): a size
// select showing each size's stock, a quantity (minimum 1, default 1, at most the item's
// maxPerOrder: beyond-spec.md section 1), 'Add to Cart'.
import { useState } from 'react';
import type { CargoItem } from '#shared/contracts/cargo';
import { orderLineName } from '#shared/rules/order-lines';
import { overMaxText } from '#shared/rules/order-limits';
import { validateItemQuantity } from '#shared/rules/orders';
import { SelectField } from '../../../ui/select-field.tsx';
import { StockStatusText } from '../../../ui/stock-status.tsx';
import type { CartLine } from '../cart/cart-store.ts';
import { AddToCartDialog, QuantityField } from './add-to-cart-dialog.tsx';
import { ItemImage } from './item-image.tsx';
import { maxPerOrderText } from './item-card.tsx';
import styles from './catalogue.module.css';

interface ItemDetailProps {
  item: CargoItem;
  onClose: () => void;
  onAdd: (line: CartLine) => void;
}

/** The first size with stock (else the first size); '' for an item without sizes. */
function defaultSize(sizes: Record<string, number>): string {
  const labels = Object.keys(sizes);
  return labels.find((l) => (sizes[l] ?? 0) > 0) ?? labels[0] ?? '';
}

function quantityHint(left: number, max: number, quantity: string): string {
  return Number(quantity) > left ? `Only ${left} left in stock.` : maxPerOrderText(max);
}

/** A typed count above the item's cap becomes the cap: one order cannot ask for more. */
function capped(value: string, max: number): string {
  return /^\d+$/.test(value.trim()) && Number(value) > max ? String(max) : value;
}

export function ItemDetailDialog({ item, onClose, onAdd }: ItemDetailProps) {
  const [size, setSize] = useState(() => defaultSize(item.sizeQuantities));
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const sizes = Object.entries(item.sizeQuantities);
  const left = size === '' ? item.quantity : (item.sizeQuantities[size] ?? 0);

  const submit = () => {
    const problem =
      validateItemQuantity(quantity) ??
      (Number(quantity) > item.maxPerOrder ? overMaxText(item.name, item.maxPerOrder) : null);
    setError(problem);
    if (problem !== null) return;
    onAdd({
      name: orderLineName(item.name, size),
      quantity: Number(quantity),
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
            <span>{item.category ?? 'Uncategorised'}</span>
            <span className={styles.stockLine}>
              <span>Total Stock: {item.quantity}</span>
              <StockStatusText quantity={item.quantity} badge />
            </span>
          </p>
        </div>
      }
      onClose={onClose}
      onSubmit={submit}
      error={error}
    >
      {sizes.length > 0 && (
        <SelectField
          label="Size"
          value={size}
          onChange={setSize}
          options={sizes.map(([label, q]) => ({
            value: label,
            label: `${label} (${q} in stock)`,
          }))}
        />
      )}
      <QuantityField
        value={quantity}
        onChange={(value) => setQuantity(capped(value, item.maxPerOrder))}
        max={item.maxPerOrder}
        hint={quantityHint(left, item.maxPerOrder, quantity)}
      />
    </AddToCartDialog>
  );
}
