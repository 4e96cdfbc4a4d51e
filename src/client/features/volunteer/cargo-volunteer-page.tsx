// '/cargo_volunteer' (spec section 2 "Volunteer cargo page"): the read-only inventory with
// each item's stock status (Out / Low / Fine, spec section 4), per size where it has sizes.
// Read from the device's copy of the catalogue, refreshed when the page opens.
import { cargoItem, type CargoItem } from '#shared/contracts/cargo';
import { useT } from '../../i18n/i18n.ts';
import { useMirrorList } from '../../offline/hooks.ts';
import { StockStatusText } from '../../ui/stock-status.tsx';
import { TitledPage } from '../../ui/titled-page.tsx';
import { orDash } from './format.ts';
import { ListPanel } from './panels.tsx';
import { useListRefresh, useLoadError } from './use-list-refresh.ts';
import styles from './volunteer.module.css';

/** Per-size stock under the item's name (a phone has no room for another column). */
function Sizes({ sizes }: { sizes: Record<string, number> }) {
  const t = useT();
  const entries = Object.entries(sizes);
  if (entries.length === 0) return null;
  return (
    <ul className={styles.sizeList} aria-label={t('volunteer.cargo.sizes')}>
      {entries.map(([size, quantity]) => (
        <li key={size}>
          {size}: {quantity} (<StockStatusText quantity={quantity} />)
        </li>
      ))}
    </ul>
  );
}

function InventoryTable({ items }: { items: CargoItem[] }) {
  const t = useT();
  return (
    // Scrolls sideways on a phone: focusable (and named) so a keyboard can scroll it too.
    <div
      className={styles.tableWrap}
      role="region"
      aria-label={t('volunteer.cargo.tableLabel')}
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption className="visually-hidden">{t('volunteer.cargo.inventory')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('volunteer.cargo.name')}</th>
            <th scope="col">{t('volunteer.cargo.category')}</th>
            <th scope="col">{t('volunteer.cargo.totalStock')}</th>
            <th scope="col">{t('volunteer.cargo.status')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                {item.name}
                <Sizes sizes={item.sizeQuantities} />
              </th>
              <td>{orDash(item.category)}</td>
              <td>{item.quantity}</td>
              <td>
                <StockStatusText quantity={item.quantity} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function useCatalogue(): CargoItem[] | undefined {
  const rows = useMirrorList('catalogue');
  return rows?.flatMap((row) => {
    const parsed = cargoItem.safeParse(row.data);
    return parsed.success ? [parsed.data] : [];
  });
}

export function CargoVolunteerPage() {
  const t = useT();
  const failures = useListRefresh(['catalogue']);
  const error = useLoadError(failures, 'catalogue', t('volunteer.load.catalogueFailed'));
  const items = useCatalogue();
  return (
    <TitledPage title={t('volunteer.cargo.title')} backLabel={t('volunteer.cargo.back')}>
      <ListPanel title={t('volunteer.cargo.inventory')} list="catalogue" error={error}>
        {items !== undefined &&
          (items.length === 0 ? (
            <p className={styles.empty}>{t('volunteer.cargo.noItems')}</p>
          ) : (
            <InventoryTable items={items} />
          ))}
      </ListPanel>
    </TitledPage>
  );
}
