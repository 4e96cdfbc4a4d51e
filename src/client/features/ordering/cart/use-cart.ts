import { useEffect, useSyncExternalStore } from 'react';
import {
  dropOtherAccountsCarts,
  getCart,
  subscribeCart,
  type CartLine,
  type CartOwner,
} from './cart-store.ts';

/** The owner's cart lines, live (this tab and others). */
export function useCart(owner: CartOwner): readonly CartLine[] {
  useEffect(() => {
    if (owner !== 'guest') dropOtherAccountsCarts(owner);
  }, [owner]);
  return useSyncExternalStore(
    subscribeCart,
    () => getCart(owner),
    () => getCart(owner),
  );
}
