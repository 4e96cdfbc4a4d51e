// The audit log's list, page by page for the current filters.
import { useCallback } from 'react';
import type { AuditEntry } from '#shared/contracts/audit';
import { usePagedLoad, type Page } from '../../ui/admin/use-paged-load.ts';
import { loadAuditPage, type AuditFilters } from './audit-api.ts';

export const AUDIT_FAILED = 'Failed to load the audit log.';

export function useAuditPages(filters: AuditFilters) {
  const loadPage = useCallback(
    async (before: string | undefined): Promise<Page<AuditEntry>> => {
      const page = await loadAuditPage(filters, before);
      return { items: page.entries, nextCursor: page.nextCursor };
    },
    [filters],
  );
  return usePagedLoad(loadPage, AUDIT_FAILED);
}
