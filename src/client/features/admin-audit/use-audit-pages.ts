// The audit log's list, page by page for the current filters.
import { useCallback } from 'react';
import type { AuditEntry } from '#shared/contracts/audit';
import { t } from '../../i18n/i18n.ts';
import { usePagedLoad, type Page } from '../../ui/admin/use-paged-load.ts';
import { loadAuditPage, type AuditFilters } from './audit-api.ts';

export const auditFailed = () => t('admin.audit.loadFailed');

export function useAuditPages(filters: AuditFilters) {
  const loadPage = useCallback(
    async (before: string | undefined): Promise<Page<AuditEntry>> => {
      const page = await loadAuditPage(filters, before);
      return { items: page.entries, nextCursor: page.nextCursor };
    },
    [filters],
  );
  return usePagedLoad(loadPage, auditFailed());
}
