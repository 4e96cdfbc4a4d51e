// The two carts' checkouts (spec sections 2 and 5 "Cart placement"): the refusal the order
// limits already give as far as this device knows them, the check of the delivery fields, and
// the order to queue. The client gives an address, a phone number and notes; a guest also says
// who they are.
import { validateClientOrder, validateGuestOrder } from '#shared/rules/orders';
import type { FormState } from '../../../ui/form-state.ts';
import type { CartLine, CartOwner } from '../cart/cart-store.ts';
import { EMPTY_GUEST_FIELDS } from '../cart/cart-fields.ts';
import {
  clientOrderAction,
  guestOrderAction,
  itemsOf,
  type ClientFields,
  type GuestFields,
} from './order-actions.ts';
import { clientOrderProblem, guestOrderProblem } from './order-limit-check.ts';
import { useLimitKnowledge } from './use-order-limits.ts';
import { usePlaceOrder, type Placed, type PlaceOrder } from './use-place-order.ts';

export interface Checkout {
  /** The order limits' refusal this device already knows of, shown before Place Order. */
  limit: string | null;
  order: PlaceOrder;
  /** 'Place Order': checks the fields (then the limits) and places the order. */
  place: () => void;
}

export function useClientCheckout(
  owner: CartOwner,
  userId: number,
  lines: readonly CartLine[],
  { form, setForm }: FormState<ClientFields>,
  onPlaced: (placed: Placed) => void,
): Checkout {
  const knowledge = useLimitKnowledge('client');
  const limit = lines.length === 0 ? null : clientOrderProblem(itemsOf(lines), knowledge);
  const order = usePlaceOrder(owner, (placed) => {
    setForm((prev) => ({ ...prev, notes: '' }));
    onPlaced(placed);
  });
  const problem = () => validateClientOrder({ items: itemsOf(lines), ...form }) ?? limit;
  return {
    limit,
    order,
    place: () =>
      void order.place(problem(), (location) => clientOrderAction(userId, lines, form, location)),
  };
}

export function useGuestCheckout(
  lines: readonly CartLine[],
  { form, setForm }: FormState<GuestFields>,
  onPlaced: (placed: Placed) => void,
): Checkout {
  const knowledge = useLimitKnowledge('guest');
  const contact = { phone: form.phone, email: form.email };
  const limit = lines.length === 0 ? null : guestOrderProblem(itemsOf(lines), contact, knowledge);
  const order = usePlaceOrder('guest', (placed) => {
    // A shared device: the next guest starts with an empty form.
    setForm(EMPTY_GUEST_FIELDS);
    onPlaced(placed);
  });
  const problem = () => validateGuestOrder({ items: itemsOf(lines), ...form }) ?? limit;
  return {
    limit,
    order,
    place: () => void order.place(problem(), (location) => guestOrderAction(lines, form, location)),
  };
}
