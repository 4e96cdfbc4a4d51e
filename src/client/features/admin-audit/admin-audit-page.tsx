// '/admin/audit' (beyond-spec.md section 2 "Audit log"): who looked at clients' addresses or
// phones and every admin action, newest first, 50 at a time, with filters, "Download CSV" of
// the same filters, and the retention sweep on demand.
import { useState } from 'react';
import type { AuditEntry } from '#shared/contracts/audit';
import { Button, buttonClass } from '../../ui/button.tsx';
import { alertFailure } from '../../ui/admin/admin-errors.ts';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
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

export const NO_ENTRIES = 'No entries match these filters.';
export const PURGE_FAILED = 'Failed to remove expired personal data.';
const COLUMNS = ['Time', 'Who', 'Action', 'About', 'Details'] as const;

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <EmptyText>{NO_ENTRIES}</EmptyText>;
  return (
    <AdminTable caption="Audit log">
      <HeaderRow columns={COLUMNS} />
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className={adminStyles.nowrap}>{formatTime(entry.at)}</td>
            <td>
              {entry.actorUsername ?? (entry.actorId === null ? 'System' : orDash(entry.actorId))}
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
        onDone();
      })
      .catch((error: unknown) => alertFailure(error, PURGE_FAILED))
      .finally(() => setBusy(false));
  };
  return { notice, busy, purge };
}

export function AdminAuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useAuditPages(filters);
  const purge = usePurge(log.reload);
  return (
    <AdminPage title="Audit Log" notice={purge.notice}>
      <AdminPanel title="Filters">
        <AuditFiltersForm applied={filters} onApply={setFilters} />
      </AdminPanel>
      <Toolbar label="Audit log actions">
        <Button variant="secondary" onClick={log.reload}>
          Refresh
        </Button>
        <a className={buttonClass('secondary')} href={auditCsvUrl(filters)} download>
          Download CSV
        </a>
        <Button variant="secondary" onClick={purge.purge} disabled={purge.busy}>
          {purge.busy ? 'Removing…' : 'Remove expired personal data now'}
        </Button>
      </Toolbar>
      <LoadStatus loading={log.loading} error={log.error} />
      {log.items !== undefined && <AuditTable entries={log.items} />}
      {log.hasMore && (
        <Button variant="secondary" onClick={log.loadMore} disabled={log.loadingMore}>
          {log.loadingMore ? 'Loading…' : 'Load more entries'}
        </Button>
      )}
    </AdminPage>
  );
}
