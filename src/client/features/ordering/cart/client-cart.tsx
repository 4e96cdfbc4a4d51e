// The signed-in client's cart: Delivery Address, Phone Number and Notes (spec sections 2 and
// 5 "Cart placement"). An order the server will refuse for the order limits (a line over its
// max per order, a 4th open order) is flagged in the cart and not sent.
import { validateClientOrder } from '#shared/rules/orders';
import { FormFields } from '../../../ui/form-fields.tsx';
import type { FormState } from '../../../ui/form-state.ts';
import { clientOrderAction, itemsOf, type ClientFields } from '../checkout/order-actions.ts';
import { clientOrderProblem } from '../checkout/order-limit-check.ts';
import { useLimitKnowledge } from '../checkout/use-order-limits.ts';
import { usePlaceOrder, type Placed } from '../checkout/use-place-order.ts';
import { CartDialog } from './cart-dialog.tsx';
import { CLIENT_CART_FIELDS } from './cart-fields.ts';
import type { CartOwner } from './cart-store.ts';
import { useCart } from './use-cart.ts';

interface ClientCartProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  owner: CartOwner;
  userId: number;
  fields: FormState<ClientFields>;
  onPlaced: (placed: Placed) => void;
}

export function ClientCart(props: ClientCartProps) {
  const { open, onOpenChange, owner, userId, fields, onPlaced } = props;
  const lines = useCart(owner);
  const { form, change, setForm } = fields;
  const knowledge = useLimitKnowledge('client');
  const limit = lines.length === 0 ? null : clientOrderProblem(itemsOf(lines), knowledge);
  const order = usePlaceOrder(owner, (placed) => {
    setForm((prev) => ({ ...prev, notes: '' }));
    onPlaced(placed);
  });
  const onPlace = () =>
    void order.place(validateClientOrder({ items: itemsOf(lines), ...form }) ?? limit, (location) =>
      clientOrderAction(userId, lines, form, location),
    );
  return (
    <CartDialog
      open={open}
      onOpenChange={onOpenChange}
      owner={owner}
      lines={lines}
      limit={limit}
      order={order}
      onPlace={onPlace}
    >
      <FormFields fields={CLIENT_CART_FIELDS} values={form} onChange={change} />
    </CartDialog>
  );
}
