// The custom-item dialog (spec section 2, section 5 "Custom item"): an item the catalogue does
// not list, by name, with a positive whole quantity (default 1). The server stores it as a
// custom request that reserves nothing (domain-decisions.md "Stock and orders"), at most
// DEFAULT_MAX_PER_ORDER of it (rules/order-limits.ts).
import { useState } from 'react';
import { ORDER_LIMITS } from '#shared/contracts/checks/orders';
import { DEFAULT_MAX_PER_ORDER, overMaxText } from '#shared/rules/order-limits';
import { validateCustomItem } from '#shared/rules/orders';
import { useT, type Saying } from '../../../i18n/i18n.ts';
import { TextField } from '../../../ui/text-field.tsx';
import type { CartLine } from '../cart/cart-store.ts';
import { AddToCartDialog, QuantityField } from './add-to-cart-dialog.tsx';

interface CustomItemProps {
  onClose: () => void;
  onAdd: (line: CartLine) => void;
}

export function CustomItemDialog({ onClose, onAdd }: CustomItemProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<Saying | null>(null);

  const submit = () => {
    const problem =
      validateCustomItem({ name, quantity }) ??
      (Number(quantity) > DEFAULT_MAX_PER_ORDER
        ? overMaxText(name.trim(), DEFAULT_MAX_PER_ORDER)
        : null);
    setError(problem);
    if (problem === null) onAdd({ name: name.trim(), quantity: Number(quantity) });
  };

  return (
    <AddToCartDialog
      title={t('ordering.catalogue.customTitle')}
      description={t('ordering.catalogue.customDescription')}
      onClose={onClose}
      onSubmit={submit}
      error={error}
    >
      <TextField
        label={t('ordering.catalogue.itemName')}
        value={name}
        onChange={setName}
        maxLength={ORDER_LIMITS.itemName}
        autoComplete="off"
      />
      <QuantityField value={quantity} onChange={setQuantity} max={DEFAULT_MAX_PER_ORDER} />
    </AddToCartDialog>
  );
}
