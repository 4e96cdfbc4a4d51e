import { useCallback, useState } from 'react';
import type { Saying } from '../../../i18n/i18n.ts';
import type { DeviceLocation } from './device-location.ts';
import { clearCart, type CartOwner } from '../cart/cart-store.ts';
import { placeOrder, type PlacingAction, type PlaceResult } from './place-order.ts';

export type Placed = Extract<PlaceResult, { kind: 'sent' | 'queued' }>;

/**
 * The cart's 'Place Order' state: the error under the form and whether it is placing. A
 * placed or queued order empties the cart (its lines now live in the outbox); a refused one
 * leaves the cart as it was, to be changed and sent again.
 */
export function usePlaceOrder(owner: CartOwner, onPlaced: (placed: Placed) => void) {
  const [error, setError] = useState<Saying | null>(null);
  const [busy, setBusy] = useState(false);
  const place = async (
    problem: Saying | null,
    build: (location: DeviceLocation | null) => PlacingAction,
  ) => {
    setBusy(true);
    setError(null);
    const result = await placeOrder(problem, build);
    setBusy(false);
    if (result.kind === 'invalid' || result.kind === 'rejected') {
      setError(result.message);
      return;
    }
    clearCart(owner);
    onPlaced(result);
  };
  const clearError = useCallback(() => setError(null), []);
  return { error, busy, place, clearError };
}

export type PlaceOrder = ReturnType<typeof usePlaceOrder>;
