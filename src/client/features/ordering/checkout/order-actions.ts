// Placing an order as an outbox action (DESIGN.md offline rule 2; the kinds are declared in
// offline/actions.ts), with the payloads of spec section 3: the client's carries the spec's
// identity claims (checked by the server against the login), the guest's carries the guest's
// details and notes composed of first name, last name and the notes. A client's order shows
// at once in the history as "waiting to send".
import { buildAction, type TypedAction } from '../../../offline/actions.ts';
import { localOrderData, newLocalOrderId } from '../../orders/index.ts';
import { orderedLines, type CartLine } from '../cart/cart-store.ts';
import type { DeviceLocation } from './device-location.ts';

export interface ClientFields {
  deliveryAddress: string;
  phoneNumber: string;
  notes: string;
}

export interface GuestFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  deliveryAddress: string;
  notes: string;
}

export function itemsOf(lines: readonly CartLine[]): { itemName: string; quantity: number }[] {
  return orderedLines(lines).map((l) => ({ itemName: l.name, quantity: l.quantity }));
}

function where(location: DeviceLocation | null) {
  return location === null ? {} : { latitude: location.latitude, longitude: location.longitude };
}

export function clientOrderAction(
  userId: number,
  lines: readonly CartLine[],
  fields: ClientFields,
  location: DeviceLocation | null,
): TypedAction<'order.create'> {
  const items = itemsOf(lines);
  const details = {
    deliveryAddress: fields.deliveryAddress.trim(),
    phoneNumber: fields.phoneNumber.trim(),
    notes: fields.notes.trim(),
  };
  return buildAction('order.create', {
    userId,
    order: { ...details, items, ...where(location) },
    local: { id: newLocalOrderId(), data: localOrderData({ userId, items, ...details }) },
  });
}

const NOTES_PATTERN = /^Name: (.*)\. Notes: ([\s\S]*)$/;

/** The guest's notes as sent: who they are, then what they wrote (spec section 3). */
export function composeGuestNotes(firstName: string, lastName: string, notes: string): string {
  return `Name: ${firstName.trim()} ${lastName.trim()}. Notes: ${notes.trim()}`;
}

/** What the guest wrote, back from composed notes (for 'Back to cart'). */
export function guestNotesText(composed: string): string {
  return NOTES_PATTERN.exec(composed)?.[2] ?? composed;
}

export function guestOrderAction(
  lines: readonly CartLine[],
  fields: GuestFields,
  location: DeviceLocation | null,
): TypedAction<'order.guestCreate'> {
  return buildAction('order.guestCreate', {
    firstName: fields.firstName.trim(),
    lastName: fields.lastName.trim(),
    email: fields.email.trim(),
    phone: fields.phone.trim(),
    deliveryAddress: fields.deliveryAddress.trim(),
    notes: composeGuestNotes(fields.firstName, fields.lastName, fields.notes),
    items: itemsOf(lines),
    ...where(location),
  });
}
