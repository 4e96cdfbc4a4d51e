// The guest's cart: first name, last name, email, phone, delivery address and notes (spec
// sections 2 and 5 "Cart placement"). An order the server will refuse for the order limits,
// as far as this device knows them, is flagged in the cart and not sent.
import { validateGuestOrder } from '#shared/rules/orders';
import { FormFields } from '../../../ui/form-fields.tsx';
import type { FormState } from '../../../ui/form-state.ts';
import { guestOrderAction, itemsOf, type GuestFields } from '../checkout/order-actions.ts';
import { guestOrderProblem } from '../checkout/order-limit-check.ts';
import { useLimitKnowledge } from '../checkout/use-order-limits.ts';
import { usePlaceOrder, type Placed } from '../checkout/use-place-order.ts';
import { CartDialog } from './cart-dialog.tsx';
import { EMPTY_GUEST_FIELDS, GUEST_CART_FIELDS } from './cart-fields.ts';
import { useCart } from './use-cart.ts';

interface GuestCartProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fields: FormState<GuestFields>;
  onPlaced: (placed: Placed) => void;
}

export function GuestCart({ open, onOpenChange, fields, onPlaced }: GuestCartProps) {
  const lines = useCart('guest');
  const { form, change, setForm } = fields;
  const knowledge = useLimitKnowledge('guest');
  const limit =
    lines.length === 0
      ? null
      : guestOrderProblem(itemsOf(lines), { phone: form.phone, email: form.email }, knowledge);
  const order = usePlaceOrder(
    'guest',
    (placed) => {
      // A shared device: the next guest starts with an empty form.
      setForm(EMPTY_GUEST_FIELDS);
      onPlaced(placed);
    },
    // The order ID is shown from the outbox row ('Current Order'), now or after a reload.
    { keepSent: true },
  );
  const onPlace = () =>
    void order.place(validateGuestOrder({ items: itemsOf(lines), ...form }) ?? limit, (location) =>
      guestOrderAction(lines, form, location),
    );
  return (
    <CartDialog
      open={open}
      onOpenChange={onOpenChange}
      owner="guest"
      lines={lines}
      limit={limit}
      order={order}
      onPlace={onPlace}
    >
      <FormFields fields={GUEST_CART_FIELDS} values={form} onChange={change} />
    </CartDialog>
  );
}
