// What the home page says after an order is placed (the server's message and the order ID).
// A line added is a note beside the cart button (cart/cart-button.tsx AddedToast); an order
// saved to send later is listed by pending-orders.tsx for as long as it waits.
import { message } from '#shared/i18n/messages';
import { t, type Saying } from '../../../i18n/i18n.ts';
import { SuccessMessage } from '../../../ui/form-message.tsx';
import type { Placed } from './use-place-order.ts';

/** "Added Gloves (M) × 2 to the cart." (made at render, in the language of the moment) */
export function addedText(added: string): string {
  return t('ordering.cart.added', { line: added });
}

/**
 * The server's message (already in the caller's language; else 'Order placed.') and the order
 * ID. The fallback is a Message, so the notice follows a change of language while it shows.
 */
export function placedText(placed: Extract<Placed, { kind: 'sent' }>): Saying {
  const fallback = placed.message === '';
  if (placed.orderId === null)
    return fallback ? message('ordering.placed.fallback') : placed.message;
  return message('ordering.placed.withId', {
    message: fallback ? t('ordering.placed.fallback') : placed.message,
    orderId: placed.orderId,
  });
}

export function PlacedNotice({ placed }: { placed: Placed | null }) {
  return <SuccessMessage text={placed?.kind === 'sent' ? placedText(placed) : null} />;
}
