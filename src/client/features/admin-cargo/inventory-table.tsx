// The inventory table with the stock status of each item and of each of its sizes (product-spec
// section 4: 0 is Out, under 5 is Low, otherwise Fine), the max per order editable in place,
// and an Update button per row that opens the Update Item drawer on that item.
import type { CargoItem } from '#shared/contracts/cargo';
import { cargoImagePath } from '#shared/contracts/cargo';
import { getApiBaseUrl } from '../../api/base-url.ts';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { StockStatusText } from '../../ui/stock-status.tsx';
import { orDash } from '../../ui/admin/admin-format.ts';
import { adminStyles, RowsTable } from '../../ui/admin/admin-kit.tsx';
import { MaxPerOrderCell } from './max-per-order-cell.tsx';
import styles from './cargo-admin.module.css';

const columns = (t: Translate) => [
  t('rounds.cargo.column.id'),
  t('rounds.cargo.column.name'),
  t('rounds.cargo.column.total'),
  t('rounds.cargo.column.status'),
  t('rounds.cargo.column.sizes'),
  t('rounds.cargo.column.maxPerOrder'),
  t('rounds.cargo.column.category'),
  t('rounds.cargo.column.description'),
  t('rounds.cargo.column.image'),
  t('rounds.cargo.column.actions'),
];

function Sizes({ sizes }: { sizes: Record<string, number> }) {
  const t = useT();
  const entries = Object.entries(sizes);
  if (entries.length === 0) return <>—</>;
  return (
    <ul className={styles.sizeList} aria-label={t('rounds.cargo.sizesLabel')}>
      {entries.map(([size, quantity]) => (
        <li key={size}>
          {size}: {quantity} <StockStatusText quantity={quantity} />
        </li>
      ))}
    </ul>
  );
}

function Thumb({ imageId, name }: { imageId: string | null; name: string }) {
  const t = useT();
  if (imageId === null) return <span className={styles.noImage}>{t('rounds.cargo.noImage')}</span>;
  return (
    <img
      className={styles.thumb}
      src={getApiBaseUrl() + cargoImagePath(imageId, 'thumb')}
      alt={t('rounds.cargo.picture', { name })}
      width={48}
      height={48}
      loading="lazy"
    />
  );
}

interface InventoryTableProps {
  items: CargoItem[];
  onUpdate: (item: CargoItem) => void;
  /** A max per order was saved: the server's message. */
  onSaved: (message: string) => void;
}

export function InventoryTable({ items, onUpdate, onSaved }: InventoryTableProps) {
  const t = useT();
  return (
    <RowsTable
      caption={t('rounds.cargo.table.caption')}
      columns={columns(t)}
      rows={items}
      empty={t('rounds.cargo.table.empty')}
    >
      {(item) => (
        <tr key={item.id}>
          <td>{item.id}</td>
          <th scope="row">{item.name}</th>
          <td>{item.quantity}</td>
          <td>
            <StockStatusText quantity={item.quantity} />
          </td>
          <td>
            <Sizes sizes={item.sizeQuantities} />
          </td>
          <td>
            {/* Keyed by the saved value: a reload shows what the server keeps. */}
            <MaxPerOrderCell key={item.maxPerOrder} item={item} onSaved={onSaved} />
          </td>
          <td>{orDash(item.category)}</td>
          <td className={adminStyles.wide}>{orDash(item.description)}</td>
          <td>
            <Thumb imageId={item.imageId} name={item.name} />
          </td>
          <td>
            <div className={adminStyles.actions}>
              <Button
                variant="secondary"
                onClick={() => onUpdate(item)}
                aria-label={t('rounds.cargo.updateRowLabel', { name: item.name })}
              >
                {t('rounds.cargo.updateRow')}
              </Button>
            </div>
          </td>
        </tr>
      )}
    </RowsTable>
  );
}
