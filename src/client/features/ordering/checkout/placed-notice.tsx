// What the home page says after an order is placed (the server's message and the order ID).
// A line added is a note beside the cart button (cart/cart-button.tsx AddedToast); an order
// saved to send later is listed by pending-orders.tsx for as long as it waits.
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

export function PlacedNotice({ placed }: { placed: Placed | null }) {
  return <SuccessMessage text={placed?.kind === 'sent' ? placedText(placed) : null} />;
}
