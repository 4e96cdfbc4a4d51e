// The cart's lines (spec section 2 "Cart dialog"): each with an editable amount (minimum 0)
// and Remove, then the Overview of what would be ordered.
import { useId, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import fieldStyles from '../../../ui/field.module.css';
import {
  orderedLines,
  removeLine,
  setLineQuantity,
  type CartLine,
  type CartOwner,
} from './cart-store.ts';
import styles from './cart.module.css';

export const CART_NOTHING_YET = 'Nothing in the cart yet.';

function LineRow({ owner, line }: { owner: CartOwner; line: CartLine }) {
  const id = useId();
  // What is typed, while it is not a valid amount yet (an emptied field while retyping).
  const [draft, setDraft] = useState<string | null>(null);
  const change = (value: string) => {
    setDraft(value);
    if (/^\d+$/.test(value)) setLineQuantity(owner, line.name, Number(value));
  };
  return (
    <li className={styles.line}>
      <span className={styles.lineName}>
        {line.name}
        {line.category != null && <span className={styles.lineCategory}>{line.category}</span>}
      </span>
      <span className={styles.lineControls}>
        <label htmlFor={id} className={styles.amountLabel}>
          Amount<span className="visually-hidden"> of {line.name}</span>
        </label>
        <input
          id={id}
          className={`${fieldStyles.input} ${styles.amount}`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={draft ?? String(line.quantity)}
          onChange={(event) => change(event.target.value)}
          onBlur={() => setDraft(null)}
        />
        <Button variant="quiet" onClick={() => removeLine(owner, line.name)}>
          Remove<span className="visually-hidden"> {line.name}</span>
        </Button>
      </span>
    </li>
  );
}

function Overview({ lines }: { lines: readonly CartLine[] }) {
  const ordered = orderedLines(lines);
  const total = ordered.reduce((sum, l) => sum + l.quantity, 0);
  return (
    <section aria-label="Overview" className={styles.overview}>
      <h3>Overview</h3>
      <ul>
        {ordered.map((l) => (
          <li key={l.name}>
            {l.name} × {l.quantity}
          </li>
        ))}
      </ul>
      <p className={styles.total}>Total Items: {total}</p>
    </section>
  );
}

export function CartLines({ owner, lines }: { owner: CartOwner; lines: readonly CartLine[] }) {
  if (lines.length === 0) return <p className={styles.nothing}>{CART_NOTHING_YET}</p>;
  return (
    <>
      <ul className={styles.lines} aria-label="Cart items">
        {lines.map((line) => (
          <LineRow key={line.name} owner={owner} line={line} />
        ))}
      </ul>
      <Overview lines={lines} />
    </>
  );
}
