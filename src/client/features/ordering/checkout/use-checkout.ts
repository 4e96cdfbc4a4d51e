// The two carts' checkouts (spec sections 2 and 5 "Cart placement"): the refusal the order
// limits already give as far as this device knows them, the check of the delivery fields, and
// the order to queue. The client gives an address, a phone number and notes; a guest also says
// who they are.
import { message } from '#shared/i18n/messages';
import { validateClientOrder, validateGuestOrder } from '#shared/rules/orders';
import type { Saying } from '../../../i18n/i18n.ts';
import { useFieldErrors, type FieldErrors, type FormState } from '../../../ui/form-state.ts';
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
  limit: Saying | null;
  order: PlaceOrder;
  /** 'Place Order': checks the fields (then the limits) and places the order. */
  place: () => void;
  /** The delivery fields left blank at the last Place Order, marked beside each. */
  fieldErrors: FieldErrors<string>;
  /** A field was edited: its mark goes. */
  clearField: (name: string) => void;
}

/** Beside a required delivery field left blank (the spec's sentence stays under the form). */
export const REQUIRED_FIELD = message('ordering.cart.required');

/**
 * The spec's cart checks name the blank fields in one sentence under the form; each blank
 * field is also marked beside itself (issue 20 item 6), with focus moved to the first. An
 * empty cart marks none: its sentence is about the lines.
 */
function useBlankMarks<F extends object>(form: F, required: readonly (keyof F & string)[]) {
  const marks = useFieldErrors<string>();
  const check = (cartEmpty: boolean) => {
    const blank = (name: keyof F & string) => String(form[name]).trim() === '';
    const errors = cartEmpty
      ? {}
      : Object.fromEntries(required.filter(blank).map((name) => [name, REQUIRED_FIELD]));
    marks.report(errors);
  };
  return { marks, check };
}

const CLIENT_REQUIRED = ['deliveryAddress', 'phoneNumber', 'notes'] as const;
const GUEST_REQUIRED = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'deliveryAddress',
  'notes',
] as const;

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
  const { marks, check } = useBlankMarks(form, CLIENT_REQUIRED);
  return {
    limit,
    order,
    place: () => {
      check(itemsOf(lines).length === 0);
      void order.place(problem(), (location) => clientOrderAction(userId, lines, form, location));
    },
    fieldErrors: marks.errors,
    clearField: marks.clear,
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
  const { marks, check } = useBlankMarks(form, GUEST_REQUIRED);
  return {
    limit,
    order,
    place: () => {
      check(itemsOf(lines).length === 0);
      void order.place(problem(), (location) => guestOrderAction(lines, form, location));
    },
    fieldErrors: marks.errors,
    clearField: marks.clear,
  };
}
