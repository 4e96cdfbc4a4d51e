// The cart's lines (spec section 2 "Cart dialog"): each with an editable amount (minimum 0)
// and Remove, then the Overview of what would be ordered. An amount is capped by the stock
// left and the item's maxPerOrder beside its other lines (catalogue/stock-room.ts); a line
// that stock moved under says so beside it.
import { useId, useState } from 'react';
import type { CargoItem } from '#shared/contracts/cargo';
import { useCatalogueItems } from '../catalogue/catalogue-data.ts';
import { lineCap } from '../catalogue/stock-room.ts';
import { t, useT } from '../../../i18n/i18n.ts';
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

/** "At most 2 of this." (or 'Out of stock') beside a line holding more than it may. */
export function overCapText(cap: number): string {
  return cap === 0 ? t('ordering.cart.overCapOutOfStock') : t('ordering.cart.overCap', { cap });
}

interface LineRowProps {
  owner: CartOwner;
  line: CartLine;
  /** The most this line may hold; null when the device cannot tell (the server will). */
  cap: number | null;
}

function LineRow({ owner, line, cap }: LineRowProps) {
  const t = useT();
  const id = useId();
  // What is typed, while it is not a valid amount yet (an emptied field while retyping).
  const [draft, setDraft] = useState<string | null>(null);
  const change = (value: string) => {
    const amount = /^\d+$/.test(value) ? Number(value) : null;
    if (amount === null) {
      setDraft(value);
      return;
    }
    // Above the cap (a higher amount never decreases a line held over it by stock moving).
    const kept =
      cap !== null && amount > Math.max(cap, line.quantity) ? Math.max(cap, line.quantity) : amount;
    setDraft(kept === amount ? value : String(kept));
    setLineQuantity(owner, line.name, kept);
  };
  const over = cap !== null && line.quantity > cap;
  return (
    <li className={styles.line}>
      <span className={styles.lineName}>
        {line.name}
        {line.category != null && <span className={styles.lineCategory}>{line.category}</span>}
      </span>
      <span className={styles.lineControls}>
        <label htmlFor={id} className={styles.amountLabel}>
          {t('ordering.cart.amount')}
          <span className="visually-hidden">
            {' '}
            {t('ordering.cart.amountOf', { name: line.name })}
          </span>
        </label>
        <input
          id={id}
          className={`${fieldStyles.input} ${styles.amount}`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          max={cap ?? undefined}
          value={draft ?? String(line.quantity)}
          onChange={(event) => change(event.target.value)}
          onBlur={() => setDraft(null)}
          aria-invalid={over || undefined}
          aria-describedby={over ? `${id}-over` : undefined}
        />
        <Button variant="quiet" onClick={() => removeLine(owner, line.name)}>
          {t('ordering.cart.remove')}
          <span className="visually-hidden"> {line.name}</span>
        </Button>
      </span>
      {over && (
        <span id={`${id}-over`} className={styles.lineOver}>
          {overCapText(cap)}
        </span>
      )}
    </li>
  );
}

function Overview({ lines }: { lines: readonly CartLine[] }) {
  const t = useT();
  const ordered = orderedLines(lines);
  const total = ordered.reduce((sum, l) => sum + l.quantity, 0);
  return (
    <section aria-label={t('ordering.cart.overview')} className={styles.overview}>
      <h3>{t('ordering.cart.overview')}</h3>
      <ul>
        {ordered.map((l) => (
          <li key={l.name}>
            {l.name} × {l.quantity}
          </li>
        ))}
      </ul>
      <p className={styles.total}>{t('ordering.cart.totalItems', { total })}</p>
    </section>
  );
}

export function CartLines({ owner, lines }: { owner: CartOwner; lines: readonly CartLine[] }) {
  const t = useT();
  const items: readonly CargoItem[] | undefined = useCatalogueItems();
  if (lines.length === 0) return <p className={styles.nothing}>{t('ordering.cart.nothingYet')}</p>;
  return (
    <>
      <ul className={styles.lines} aria-label={t('ordering.cart.linesLabel')}>
        {lines.map((line) => (
          <LineRow
            key={line.name}
            owner={owner}
            line={line}
            cap={items === undefined ? null : lineCap(line, lines, items)}
          />
        ))}
      </ul>
      <Overview lines={lines} />
    </>
  );
}
