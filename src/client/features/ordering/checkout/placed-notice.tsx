// What the home page says after an action on the cart: a line added, or an order placed (the
// server's message and the order ID). An order saved to send later is listed by
// pending-orders.tsx for as long as it waits.
import { SuccessMessage } from '../../../ui/form-message.tsx';
import type { Placed } from './use-place-order.ts';

export const PLACED_FALLBACK = 'Order placed.';

export function addedText(added: string): string {
  return `Added ${added} to the cart.`;
}

export function placedText(placed: Extract<Placed, { kind: 'sent' }>): string {
  const message = placed.message === '' ? PLACED_FALLBACK : placed.message;
  return placed.orderId === null ? message : `${message} Order ID: ${placed.orderId}.`;
}

export function PlacedNotice({ placed, added }: { placed: Placed | null; added: string | null }) {
  if (placed?.kind === 'sent') return <SuccessMessage text={placedText(placed)} />;
  return <SuccessMessage text={added === null ? null : addedText(added)} />;
}
