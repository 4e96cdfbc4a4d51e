// The custom-item dialog (spec section 2, section 5 "Custom item"): an item the catalogue does
// not list, by name, with a positive whole quantity (default 1). The server stores it as a
// custom request that reserves nothing (domain-decisions.md "Stock and orders").
import { useId, useState, type SyntheticEvent } from 'react';
import { ORDER_LIMITS } from '#shared/contracts/orders';
import { validateCustomItem } from '#shared/rules/validation';
import { Button } from '../../ui/button.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { Modal, ModalClose } from '../../ui/modal.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { CartLine } from '../cart/cart-store.ts';

export const CUSTOM_ITEM_TITLE = 'Request an Item';

interface CustomItemProps {
  onClose: () => void;
  onAdd: (line: CartLine) => void;
}

export function CustomItemDialog({ onClose, onAdd }: CustomItemProps) {
  const formId = useId();
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = validateCustomItem({ name, quantity });
    setError(problem);
    if (problem === null) onAdd({ name: name.trim(), quantity: Number(quantity) });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={CUSTOM_ITEM_TITLE}
      description="Tell us what you need and we will try to bring it."
      actions={
        <>
          <ModalClose asChild>
            <Button variant="secondary">Cancel</Button>
          </ModalClose>
          <Button type="submit" form={formId}>
            Add to Cart
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Item Name"
          value={name}
          onChange={setName}
          maxLength={ORDER_LIMITS.itemName}
          autoComplete="off"
        />
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={quantity}
          onChange={setQuantity}
        />
        <ErrorMessage text={error} />
      </form>
    </Modal>
  );
}
