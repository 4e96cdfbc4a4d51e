// The signed-in client's cart: Delivery Address, Phone Number and Notes (spec sections 2 and
// 5 "Cart placement"). An order the server will refuse for the order limits (a line over its
// max per order, a 4th open order) is flagged in the cart and not sent.
import { ORDER_LIMITS } from '#shared/contracts/orders';
import { validateClientOrder } from '#shared/rules/orders';
import { TextField } from '../../../ui/text-field.tsx';
import { CartDialog } from './cart-dialog.tsx';
import type { CartOwner } from './cart-store.ts';
import { clientOrderAction, itemsOf, type ClientFields } from '../checkout/order-actions.ts';
import { clientOrderProblem } from '../checkout/order-limit-check.ts';
import { useLimitKnowledge } from '../checkout/use-order-limits.ts';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import type { Fields } from './use-fields.ts';
import { useCart } from './use-cart.ts';
import { usePlaceOrder, type Placed } from '../checkout/use-place-order.ts';

interface ClientCartProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  owner: CartOwner;
  userId: number;
  form: Fields<ClientFields>;
  onPlaced: (placed: Placed) => void;
}

export function ClientCart(props: ClientCartProps) {
  const { open, onOpenChange, owner, userId, form, onPlaced } = props;
  const lines = useCart(owner);
  const { fields, set, setFields } = form;
  const knowledge = useLimitKnowledge('client');
  const limit = lines.length === 0 ? null : clientOrderProblem(itemsOf(lines), knowledge);
  const order = usePlaceOrder(owner, (placed) => {
    setFields((prev) => ({ ...prev, notes: '' }));
    onPlaced(placed);
  });
  const onPlace = () =>
    void order.place(
      validateClientOrder({ items: itemsOf(lines), ...fields }) ?? limit,
      (location) => clientOrderAction(userId, lines, fields, location),
    );
  return (
    <CartDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) order.clearError();
        onOpenChange(next);
      }}
      owner={owner}
      lines={lines}
      error={order.error}
      limit={limit}
      busy={order.busy}
      onPlace={onPlace}
    >
      <TextField
        label="Delivery Address"
        value={fields.deliveryAddress}
        onChange={set('deliveryAddress')}
        autoComplete="street-address"
        maxLength={ORDER_LIMITS.deliveryAddress}
      />
      <TextField
        label="Phone Number"
        type="tel"
        value={fields.phoneNumber}
        onChange={set('phoneNumber')}
        autoComplete="tel"
        maxLength={ORDER_LIMITS.phone}
      />
      <TextAreaField
        label="Notes"
        value={fields.notes}
        onChange={set('notes')}
        maxLength={ORDER_LIMITS.notes}
      />
    </CartDialog>
  );
}
