// '/cargo_admin' (product-spec.md section 2 "Cargo admin"): 'Cargo Management System' with the
// inventory table, Refresh, the 'Add New Item' and 'Update Item' drawers, and Go Back.
import { useState } from 'react';
import type { CargoItem } from '#shared/contracts/cargo';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { AdminPage, Loaded, RefreshButton, Toolbar } from '../../ui/admin/admin-kit.tsx';
import { useAdminLoad } from '../../ui/admin/use-admin-load.ts';
import { announce } from '../../ui/status-toast.tsx';
import { AddItemDrawer } from './add-item-drawer.tsx';
import { loadItems } from './cargo-api.ts';
import { InventoryTable } from './inventory-table.tsx';
import { UpdateItemDrawer } from './update-item-drawer.tsx';

type Drawer = { kind: 'add' } | { kind: 'update'; item: CargoItem | null } | null;

export function CargoAdminPage() {
  const t = useT();
  const items = useAdminLoad(loadItems, t('rounds.cargo.loadFailed'));
  const [drawer, setDrawer] = useState<Drawer>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const saved = (message: string) => {
    setDrawer(null);
    setNotice(message);
    announce(message);
    items.reload();
  };
  return (
    <AdminPage title={t('rounds.cargo.title')} notice={notice}>
      <Toolbar>
        <Button onClick={() => setDrawer({ kind: 'add' })}>{t('rounds.cargo.addNew')}</Button>
        <Button variant="secondary" onClick={() => setDrawer({ kind: 'update', item: null })}>
          {t('rounds.cargo.update')}
        </Button>
        <RefreshButton onRefresh={items.reload} />
      </Toolbar>
      <Loaded load={items}>
        {(data) => (
          <InventoryTable
            items={data}
            onUpdate={(item) => setDrawer({ kind: 'update', item })}
            onSaved={saved}
          />
        )}
      </Loaded>
      {drawer?.kind === 'add' && <AddItemDrawer onClose={() => setDrawer(null)} onSaved={saved} />}
      {drawer?.kind === 'update' && (
        <UpdateItemDrawer
          items={items.data ?? []}
          initial={drawer.item}
          onClose={() => setDrawer(null)}
          onSaved={saved}
        />
      )}
    </AdminPage>
  );
}
