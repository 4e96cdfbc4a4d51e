// Placing an order as an outbox action (DESIGN.md offline rule 2), with the payloads of spec
// section 3: the client's carries the spec's identity claims (checked by the server against
// the login), the guest's carries the guest's details and notes composed of first name, last
// name and the notes. A client's order shows at once in the history as "waiting to send".
import { ORDER_PATHS } from '#shared/contracts/orders';
import { mirrorRow } from '../../../offline/mirror.ts';
import { ORDER_KINDS } from '../../../offline/orders-outbox.ts';
import type { QueuedAction } from '../../../offline/outbox.ts';
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

function countText(items: readonly { quantity: number }[]): string {
  const n = items.reduce((sum, i) => sum + i.quantity, 0);
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

function where(location: DeviceLocation | null) {
  return location === null ? {} : { latitude: location.latitude, longitude: location.longitude };
}

export function clientOrderAction(
  userId: number,
  lines: readonly CartLine[],
  fields: ClientFields,
  location: DeviceLocation | null,
): QueuedAction {
  const items = itemsOf(lines);
  const details = {
    deliveryAddress: fields.deliveryAddress.trim(),
    phoneNumber: fields.phoneNumber.trim(),
    notes: fields.notes.trim(),
  };
  const local = mirrorRow(
    'myOrders',
    newLocalOrderId(),
    localOrderData({ userId, items, ...details }),
  );
  return {
    kind: ORDER_KINDS.create,
    label: `Order (${countText(items)})`,
    method: 'POST',
    path: ORDER_PATHS.create,
    payload: { authenticated: true, userId, ...details, items, ...where(location) },
    ownerUserId: userId,
    changes: [{ table: 'myOrders', key: local.key, row: local }],
  };
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
): QueuedAction {
  const items = itemsOf(lines);
  return {
    kind: ORDER_KINDS.guestCreate,
    label: `Guest order (${countText(items)})`,
    method: 'POST',
    path: ORDER_PATHS.guestCreate,
    payload: {
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      email: fields.email.trim(),
      phone: fields.phone.trim(),
      deliveryAddress: fields.deliveryAddress.trim(),
      notes: composeGuestNotes(fields.firstName, fields.lastName, fields.notes),
      items,
      ...where(location),
    },
    // A guest has no account: the order is public and sent whoever is signed in.
    ownerUserId: null,
  };
}
