// The admin home's alerts panel (product-spec.md section 2 "Admin home"): items out of stock,
// items running low, new orders (PENDING, section 4) and new volunteer applications. Each
// alert links to the screen where it is dealt with.
import { Link, type LinkProps } from '@tanstack/react-router';
import type { StockAlert } from '#shared/contracts/admin-alerts';
import { useT } from '../../i18n/i18n.ts';
import { Panel } from '../../ui/dashboard.tsx';
import { Button } from '../../ui/button.tsx';
import { LoadStatus, Toolbar } from '../../ui/admin/admin-kit.tsx';
import { loadAlerts } from './alerts-api.ts';
import { useAdminLoad } from '../../ui/admin/use-admin-load.ts';
import styles from './alerts.module.css';

/** How many names a stock alert lists before '…'. */
const NAMES_SHOWN = 5;

function stockNames(lines: StockAlert[]): string {
  const names = lines.map((line) =>
    line.size === undefined ? line.name : `${line.name} (${line.size})`,
  );
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return names.length > NAMES_SHOWN ? `${shown}, …` : shown;
}

interface AlertProps {
  label: string;
  count: number;
  to: LinkProps['to'];
  tone: 'danger' | 'warning';
  names?: string;
}

function Alert({ label, count, to, tone, names }: AlertProps) {
  const toneClass = count > 0 ? styles[tone] : '';
  return (
    <li>
      <Link to={to} className={`${styles.alert} ${toneClass ?? ''}`}>
        <span>
          {label}: <span className={styles.count}>{count}</span>
        </span>
        {names !== undefined && names !== '' && <span className={styles.names}>{names}</span>}
      </Link>
    </li>
  );
}

export function AlertsPanel() {
  const t = useT();
  const alerts = useAdminLoad(loadAlerts, t('admin.alerts.failed'));
  const data = alerts.data;
  return (
    <Panel title={t('admin.alerts.title')}>
      <LoadStatus loading={alerts.loading} error={alerts.error} />
      {data !== undefined && (
        <ul className={styles.list} aria-label={t('admin.alerts.title')}>
          <Alert
            label={t('admin.alerts.outOfStock')}
            count={data.outOfStock.length}
            to="/cargo_admin"
            tone="danger"
            names={stockNames(data.outOfStock)}
          />
          <Alert
            label={t('admin.alerts.lowStock')}
            count={data.lowStock.length}
            to="/cargo_admin"
            tone="warning"
            names={stockNames(data.lowStock)}
          />
          <Alert
            label={t('admin.alerts.newOrders')}
            count={data.newOrders}
            to="/admin/orders"
            tone="warning"
          />
          <Alert
            label={t('admin.alerts.newApplications')}
            count={data.newApplications}
            to="/admin/applications"
            tone="warning"
          />
        </ul>
      )}
      <Toolbar>
        <Button variant="secondary" onClick={alerts.reload}>
          {t('admin.alerts.refresh')}
        </Button>
      </Toolbar>
    </Panel>
  );
}
