// The ordering forms' rules (product-spec.md section 5: the carts, the item and custom-item
// dialogs, order history) with their exact messages, shared by the web client (shown under the
// form) and the server (400 replies). Each returns the first failing message, or null.
import { blank, type Text } from './fields.ts';

export const ORDER_MESSAGES = {
  cartEmpty: 'Your cart is empty.',
  clientOrderFields: 'Please fill in delivery address, phone number, and notes.',
  guestAddress: 'Please fill in delivery address.',
  guestFields: 'Please fill in first name, last name, email, phone, and notes.',
  itemQuantity: 'Please enter a valid quantity.',
  customItemName: 'Please enter an item name.',
  customItemQuantity: 'Please enter a valid quantity (positive integer).',
  orderHistoryGuest: 'Order history is not available for guest users.',
} as const;

/** Parses a typed quantity ('3', 3) to a number; anything else is NaN. */
function quantityOf(value: number | string): number {
  if (typeof value === 'number') return value;
  return /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
}

/** Placing an order: the cart must hold at least one line. */
export function validateCartNotEmpty(lines: readonly unknown[]): string | null {
  return lines.length === 0 ? ORDER_MESSAGES.cartEmpty : null;
}

export function validateClientOrder(input: {
  items: readonly unknown[];
  deliveryAddress?: Text;
  phoneNumber?: Text;
  notes?: Text;
}): string | null {
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
}): string | null {
  const empty = validateCartNotEmpty(input.items);
  if (empty !== null) return empty;
  if (blank(input.deliveryAddress)) return ORDER_MESSAGES.guestAddress;
  const fields = [input.firstName, input.lastName, input.email, input.phone, input.notes];
  if (fields.some(blank)) return ORDER_MESSAGES.guestFields;
  return null;
}

/** Item-detail dialog: a whole quantity above 0. */
export function validateItemQuantity(quantity: number | string): string | null {
  const n = quantityOf(quantity);
  return Number.isInteger(n) && n > 0 ? null : ORDER_MESSAGES.itemQuantity;
}

/** Custom-item dialog: a name, and a positive integer quantity. */
export function validateCustomItem(input: {
  name?: Text;
  quantity: number | string;
}): string | null {
  if (blank(input.name)) return ORDER_MESSAGES.customItemName;
  const n = quantityOf(input.quantity);
  return Number.isInteger(n) && n > 0 ? null : ORDER_MESSAGES.customItemQuantity;
}

/** Order history needs a numeric user id (a guest has none). */
export function validateOrderHistoryUserId(userId: unknown): string | null {
  const text = typeof userId === 'number' ? String(userId) : userId;
  return typeof text === 'string' && /^\d+$/.test(text) ? null : ORDER_MESSAGES.orderHistoryGuest;
}
