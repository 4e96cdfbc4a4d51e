// 'Available Items' (spec section 2 "Client home" / "Guest home"): the catalogue from the
// device's copy with "updated N minutes ago", refreshed when it opens (a failed load is only
// logged, spec section 8 "Cargo"), the item-detail and custom-item dialogs. What is picked
// goes to the caller (the cart).
import { useEffect, useId, useState } from 'react';
import type { CargoItem } from '#shared/contracts/cargo';
import { useT } from '../../../i18n/i18n.ts';
import { refreshListReporting } from '../../../offline/list-refresh.ts';
import type { CartLine } from '../cart/cart-store.ts';
import { UpdatedAgo } from '../../../offline/updated-ago.tsx';
import { useCatalogueItems } from './catalogue-data.ts';
import { CustomItemDialog } from './custom-item-dialog.tsx';
import { ItemCard } from './item-card.tsx';
import { ItemDetailDialog } from './item-detail-dialog.tsx';
import styles from './catalogue.module.css';

type Open = { kind: 'item'; item: CargoItem } | { kind: 'custom' } | null;

function useRefreshOnOpen(): void {
  useEffect(() => {
    void refreshListReporting('catalogue', null).then((problem) => {
      if (problem !== null) console.warn('Catalogue load failed:', problem.message ?? 'unknown');
    });
  }, []);
}

function ItemGrid({ items, onOpen }: { items: CargoItem[]; onOpen: (item: CargoItem) => void }) {
  const t = useT();
  if (items.length === 0) return <p className={styles.empty}>{t('ordering.catalogue.empty')}</p>;
  return (
    <ul className={styles.grid} aria-label={t('ordering.catalogue.title')}>
      {items.map((item) => (
        <ItemCard key={item.id} item={item} onOpen={() => onOpen(item)} />
      ))}
    </ul>
  );
}

interface CataloguePanelProps {
  /** The cart now: the item dialog caps what it adds by what the cart already holds. */
  lines: readonly CartLine[];
  onAdd: (line: CartLine) => void;
}

export function CataloguePanel({ lines, onAdd }: CataloguePanelProps) {
  const t = useT();
  const headingId = useId();
  const items = useCatalogueItems();
  const [open, setOpen] = useState<Open>(null);
  useRefreshOnOpen();
  const add = (line: CartLine) => {
    setOpen(null);
    onAdd(line);
  };
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHead}>
        <h2 id={headingId}>{t('ordering.catalogue.title')}</h2>
        <UpdatedAgo list="catalogue" />
      </div>
      {items !== undefined && (
        <ItemGrid items={items} onOpen={(item) => setOpen({ kind: 'item', item })} />
      )}
      <p>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => setOpen({ kind: 'custom' })}
        >
          {t('ordering.catalogue.customLink')}
        </button>
      </p>
      {open?.kind === 'item' && (
        <ItemDetailDialog
          // The live copy of the item (stock moves while the dialog is open).
          item={items?.find((i) => i.id === open.item.id) ?? open.item}
          items={items ?? []}
          lines={lines}
          onClose={() => setOpen(null)}
          onAdd={add}
        />
      )}
      {open?.kind === 'custom' && <CustomItemDialog onClose={() => setOpen(null)} onAdd={add} />}
    </section>
  );
}
