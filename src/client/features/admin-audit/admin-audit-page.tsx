// '/admin/audit' (beyond-spec.md section 2 "Audit log"): who looked at clients' addresses or
// phones and every admin action, newest first, 50 at a time, with filters, "Download CSV" of
// the same filters, and the retention sweep on demand.
import { useState } from 'react';
import type { AuditEntry } from '#shared/contracts/audit';
import { t, useT, type Translate } from '../../i18n/i18n.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { alertFailure } from '../../ui/admin/admin-errors.ts';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import { announce } from '../../ui/status-toast.tsx';
import {
  AdminPanel,
  AdminPage,
  AdminTable,
  adminStyles,
  EmptyText,
  HeaderRow,
  LoadStatus,
  Toolbar,
} from '../../ui/admin/admin-kit.tsx';
import { auditCsvUrl, NO_FILTERS, purgeNow, type AuditFilters } from './audit-api.ts';
import { AuditFiltersForm } from './audit-filters.tsx';
import { actionLabel, detailsText, targetText } from './audit-labels.ts';
import { useAuditPages } from './use-audit-pages.ts';

export const purgeFailed = () => t('admin.audit.purgeFailed');
const columns = (t: Translate) => [
  t('admin.audit.column.time'),
  t('admin.audit.column.who'),
  t('admin.audit.column.action'),
  t('admin.audit.column.about'),
  t('admin.audit.column.details'),
];

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const t = useT();
  if (entries.length === 0) return <EmptyText>{t('admin.audit.empty')}</EmptyText>;
  return (
    <AdminTable caption={t('admin.audit.caption')}>
      <HeaderRow columns={columns(t)} />
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className={adminStyles.nowrap}>{formatTime(entry.at)}</td>
            <td>
              {entry.actorUsername ??
                (entry.actorId === null ? t('admin.audit.system') : orDash(entry.actorId))}
            </td>
            <td>{actionLabel(entry.action)}</td>
            <td>{targetText(entry)}</td>
            <td className={adminStyles.wide}>{detailsText(entry)}</td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}

function usePurge(onDone: () => void) {
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const purge = () => {
    setBusy(true);
    purgeNow()
      .then((reply) => {
        setNotice(reply.message);
        announce(reply.message);
        onDone();
      })
      .catch((error: unknown) => alertFailure(error, purgeFailed()))
      .finally(() => setBusy(false));
  };
  return { notice, busy, purge };
}

export function AdminAuditPage() {
  const t = useT();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useAuditPages(filters);
  const purge = usePurge(log.reload);
  return (
    <AdminPage title={t('admin.audit.title')} notice={purge.notice}>
      <AdminPanel title={t('admin.audit.filtersTitle')}>
        <AuditFiltersForm applied={filters} onApply={setFilters} />
      </AdminPanel>
      <Toolbar label={t('admin.audit.actionsLabel')}>
        <Button variant="secondary" onClick={log.reload}>
          {t('admin.audit.refresh')}
        </Button>
        <a className={buttonClass('secondary')} href={auditCsvUrl(filters)} download>
          {t('admin.audit.downloadCsv')}
        </a>
        <Button variant="secondary" onClick={purge.purge} disabled={purge.busy}>
          {purge.busy ? t('admin.audit.removing') : t('admin.audit.purge')}
        </Button>
      </Toolbar>
      <LoadStatus loading={log.loading} error={log.error} />
      {log.items !== undefined && <AuditTable entries={log.items} />}
      {log.hasMore && (
        <Button variant="secondary" onClick={log.loadMore} disabled={log.loadingMore}>
          {log.loadingMore ? t('admin.audit.loading') : t('admin.audit.loadMore')}
        </Button>
      )}
    </AdminPage>
  );
}
