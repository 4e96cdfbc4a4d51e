// The ordering forms' rules (product-spec.md section 5: the carts, the item and custom-item
// dialogs, order history) with their exact messages, shared by the web client (shown under the
// form) and the server (400 replies), each in its reader's language (rules.json). Each returns
// the first failing message, or null.
import { message, type Message } from '#shared/i18n/messages';
import { blank, type Text } from './fields.ts';

export const ORDER_MESSAGES = {
  cartEmpty: message('rules.orders.cartEmpty'),
  clientOrderFields: message('rules.orders.clientOrderFields'),
  guestAddress: message('rules.orders.guestAddress'),
  guestFields: message('rules.orders.guestFields'),
  itemQuantity: message('rules.orders.itemQuantity'),
  customItemName: message('rules.orders.customItemName'),
  customItemQuantity: message('rules.orders.customItemQuantity'),
  orderHistoryGuest: message('rules.orders.orderHistoryGuest'),
} as const satisfies Record<string, Message>;

/** Parses a typed quantity ('3', 3) to a number; anything else is NaN. */
function quantityOf(value: number | string): number {
  if (typeof value === 'number') return value;
  return /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
}

/** Placing an order: the cart must hold at least one line. */
export function validateCartNotEmpty(lines: readonly unknown[]): Message | null {
  return lines.length === 0 ? ORDER_MESSAGES.cartEmpty : null;
}

export function validateClientOrder(input: {
  items: readonly unknown[];
  deliveryAddress?: Text;
  phoneNumber?: Text;
  notes?: Text;
}): Message | null {
  const empty = validateCartNotEmpty(input.items);
  if (empty !== null) return empty;
  if (blank(input.deliveryAddress) || blank(input.phoneNumber) || blank(input.notes))
    return ORDER_MESSAGES.clientOrderFields;
  return null;
}

export function validateGuestOrder(input: {
  items: readonly unknown[];
  deliveryAddress?: Text;
  firstName?: Text;
  lastName?: Text;
  email?: Text;
  phone?: Text;
  notes?: Text;
}): Message | null {
  const empty = validateCartNotEmpty(input.items);
  if (empty !== null) return empty;
  if (blank(input.deliveryAddress)) return ORDER_MESSAGES.guestAddress;
  const fields = [input.firstName, input.lastName, input.email, input.phone, input.notes];
  if (fields.some(blank)) return ORDER_MESSAGES.guestFields;
  return null;
}

/** Item-detail dialog: a whole quantity above 0. */
export function validateItemQuantity(quantity: number | string): Message | null {
  const n = quantityOf(quantity);
  return Number.isInteger(n) && n > 0 ? null : ORDER_MESSAGES.itemQuantity;
}

/** Custom-item dialog: a name, and a positive integer quantity. */
export function validateCustomItem(input: {
  name?: Text;
  quantity: number | string;
}): Message | null {
  if (blank(input.name)) return ORDER_MESSAGES.customItemName;
  const n = quantityOf(input.quantity);
  return Number.isInteger(n) && n > 0 ? null : ORDER_MESSAGES.customItemQuantity;
}

/** Order history needs a numeric user id (a guest has none). */
export function validateOrderHistoryUserId(userId: unknown): Message | null {
  const text = typeof userId === 'number' ? String(userId) : userId;
  return typeof text === 'string' && /^\d+$/.test(text) ? null : ORDER_MESSAGES.orderHistoryGuest;
}
