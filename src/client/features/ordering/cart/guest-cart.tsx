// The guest's cart: first name, last name, email, phone, delivery address and notes (spec
// sections 2 and 5 "Cart placement"). An order the server will refuse for the order limits,
// as far as this device knows them, is flagged in the cart and not sent.
import { ORDER_LIMITS } from '#shared/contracts/orders';
import { validateGuestOrder } from '#shared/rules/orders';
import { TextField } from '../../../ui/text-field.tsx';
import { CartDialog } from './cart-dialog.tsx';
import { guestOrderAction, itemsOf, type GuestFields } from '../checkout/order-actions.ts';
import { guestOrderProblem } from '../checkout/order-limit-check.ts';
import { useLimitKnowledge } from '../checkout/use-order-limits.ts';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import type { Fields } from './use-fields.ts';
import { useCart } from './use-cart.ts';
import { usePlaceOrder, type Placed } from '../checkout/use-place-order.ts';

export const EMPTY_GUEST_FIELDS: GuestFields = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  deliveryAddress: '',
  notes: '',
};

interface GuestCartProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: Fields<GuestFields>;
  onPlaced: (placed: Placed) => void;
}

export function GuestCart({ open, onOpenChange, form, onPlaced }: GuestCartProps) {
  const lines = useCart('guest');
  const { fields, set, setFields } = form;
  const knowledge = useLimitKnowledge('guest');
  const limit =
    lines.length === 0
      ? null
      : guestOrderProblem(itemsOf(lines), { phone: fields.phone, email: fields.email }, knowledge);
  const order = usePlaceOrder(
    'guest',
    (placed) => {
      // A shared device: the next guest starts with an empty form.
      setFields(EMPTY_GUEST_FIELDS);
      onPlaced(placed);
    },
    // The order ID is shown from the outbox row ('Current Order'), now or after a reload.
    { keepSent: true },
  );
  const onPlace = () =>
    void order.place(
      validateGuestOrder({ items: itemsOf(lines), ...fields }) ?? limit,
      (location) => guestOrderAction(lines, fields, location),
    );
  const text = (label: string, name: keyof GuestFields, extra: object = {}) => (
    <TextField label={label} value={fields[name]} onChange={set(name)} {...extra} />
  );
  return (
    <CartDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) order.clearError();
        onOpenChange(next);
      }}
      owner="guest"
      lines={lines}
      error={order.error}
      limit={limit}
      busy={order.busy}
      onPlace={onPlace}
    >
      {text('First Name', 'firstName', {
        autoComplete: 'given-name',
        maxLength: ORDER_LIMITS.name,
      })}
      {text('Last Name', 'lastName', { autoComplete: 'family-name', maxLength: ORDER_LIMITS.name })}
      {text('Email', 'email', {
        type: 'email',
        autoComplete: 'email',
        maxLength: ORDER_LIMITS.email,
      })}
      {text('Phone', 'phone', { type: 'tel', autoComplete: 'tel', maxLength: ORDER_LIMITS.phone })}
      {text('Delivery Address', 'deliveryAddress', {
        autoComplete: 'street-address',
        maxLength: ORDER_LIMITS.deliveryAddress,
      })}
      <TextAreaField
        label="Notes"
        value={fields.notes}
        onChange={set('notes')}
        maxLength={ORDER_LIMITS.notes}
      />
    </CartDialog>
  );
}
