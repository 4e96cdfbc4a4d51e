// The header's Cart button (spec section 2: 'Cart' with a count) and the note of what was
// just added (issue 20 item 3). On a phone the header scrolls away while the person picks
// items far down the catalogue, so there the same button floats at the bottom right (one
// button, not a copy: one accessible name, still inside the banner) and the "Added …" note
// shows just above it, where the thumb and the eye already are; it is a polite status (it
// exists only while it shows, so the home's other status lines stay the only ones otherwise).
import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { cartButtonText } from './cart-count.ts';
import styles from './cart.module.css';

/** How long the "Added …" note stays in view. */
export const ADDED_NOTE_MS = 6_000;

export function CartButton({ count, onOpen }: { count: number; onOpen: () => void }) {
  useT(); // the button's text follows a change of language
  return (
    <Button variant="onBrand" className={styles.cartButton} onClick={onOpen}>
      {cartButtonText(count)}
    </Button>
  );
}

/** "Added Gloves (M) × 2 to the cart." near the cart button, for a few seconds. */
export function AddedToast({ text, stamp }: { text: string | null; stamp: number }) {
  // The add whose note has had its time; a later add (a new stamp) shows again.
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => setExpired(stamp), ADDED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [text, stamp]);
  const shown = expired === stamp ? null : text;
  return (
    <div className={styles.toastRegion}>
      {shown !== null && (
        <p className={styles.toast} role="status">
          {shown}
        </p>
      )}
    </div>
  );
}
