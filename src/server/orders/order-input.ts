// A create request → the order to place: the spec's form rules with their exact messages
// (product-spec.md section 5 "Cart placement"), after the contract pinned types and lengths.
// Texts are trimmed; a blank required text counts as missing.
import {
  type ClientOrderRequest,
  type GuestOrderRequest,
  type OrderLineRequest,
} from '#shared/contracts/orders';
import { ORDER_MESSAGES } from '#shared/rules/orders';
import { badRequest } from '../errors.ts';
import type { OrderDetails } from './orders.types.ts';

type Text = string | null | undefined;

function filled(value: Text): value is string {
  return value !== null && value !== undefined && value.trim() !== '';
}

function linesOf(items: OrderLineRequest[] | null | undefined): OrderLineRequest[] {
  if (items === null || items === undefined || items.length === 0) {
    throw badRequest(ORDER_MESSAGES.cartEmpty);
  }
  return items;
}

/** The client route's body, already validated by its route schema (clientOrderRequest). */
export function clientOrderInput(input: ClientOrderRequest): OrderDetails {
  const lines = linesOf(input.items);
  const { deliveryAddress, phoneNumber, notes } = input;
  if (!filled(deliveryAddress) || !filled(phoneNumber) || !filled(notes)) {
    throw badRequest(ORDER_MESSAGES.clientOrderFields);
  }
  return {
    deliveryAddress: deliveryAddress.trim(),
    phoneNumber: phoneNumber.trim(),
    notes: notes.trim(),
    firstName: null,
    lastName: null,
    email: null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    lines,
  };
}

/** The guest route's body, already validated by its route schema (guestOrderRequest). */
export function guestOrderInput(input: GuestOrderRequest): OrderDetails {
  const lines = linesOf(input.items);
  const { deliveryAddress, firstName, lastName, email, phone, notes } = input;
  if (!filled(deliveryAddress)) throw badRequest(ORDER_MESSAGES.guestAddress);
  if (
    !filled(firstName) ||
    !filled(lastName) ||
    !filled(email) ||
    !filled(phone) ||
    !filled(notes)
  ) {
    throw badRequest(ORDER_MESSAGES.guestFields);
  }
  return {
    deliveryAddress: deliveryAddress.trim(),
    phoneNumber: phone.trim(),
    notes: notes.trim(),
    firstName: firstName.trim(),
    lastName: lastName.trim(),
    email: email.trim(),
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    lines,
  };
}
