// GET /api/admin/audit (a page, newest first) and the address of GET /api/admin/audit.csv
// for the same filters; POST /api/admin/privacy/purge (beyond-spec.md section 2).
import { apiGet, apiPost, withQuery } from '../../api/api-client.ts';
import { apiUrl } from '../../api/base-url.ts';
import { AUDIT_PATHS, auditListReply, type AuditListReply } from '#shared/contracts/audit';
import { PRIVACY_PATHS, purgeReply, type PurgeReply } from '#shared/contracts/privacy';
import { adminHeaders } from '../../session/admin-identity.ts';

/** The screen's filters as typed: days are the admin's local calendar days (YYYY-MM-DD). */
export interface AuditFilters {
  actor: string;
  action: string;
  fromDay: string;
  toDay: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', action: '', fromDay: '', toDay: '' };
const PAGE_SIZE = 50;

/** Local days as instants: from the start of `fromDay` to the end of `toDay`, here. */
function queryOf(filters: AuditFilters): Record<string, string | undefined> {
  const instant = (day: string, time: string) =>
    day === '' ? undefined : new Date(`${day}T${time}`).toISOString();
  return {
    actor: filters.actor.trim() === '' ? undefined : filters.actor.trim(),
    action: filters.action === '' ? undefined : filters.action,
    from: instant(filters.fromDay, '00:00:00.000'),
    to: instant(filters.toDay, '23:59:59.999'),
  };
}

export function loadAuditPage(filters: AuditFilters, before?: string): Promise<AuditListReply> {
  return apiGet(AUDIT_PATHS.list, {
    headers: adminHeaders(),
    query: { ...queryOf(filters), limit: PAGE_SIZE, before },
    schema: auditListReply,
  });
}

/** The download's address: a plain link, so the browser saves the streamed file itself. */
export function auditCsvUrl(filters: AuditFilters): string {
  return apiUrl(withQuery(AUDIT_PATHS.csv, queryOf(filters)));
}

export function purgeNow(): Promise<PurgeReply> {
  return apiPost(PRIVACY_PATHS.purge, {}, { headers: adminHeaders(), schema: purgeReply });
}
