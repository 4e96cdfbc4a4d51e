// GET /api/admin/alerts: what the admin home's alerts panel counts.
import { apiGet } from '../../api/api-client.ts';
import type { AdminAlertsReply } from '#shared/contracts/admin-alerts';
import { ADMIN_ALERTS_PATH, adminAlertsReplyCheck } from '#shared/contracts/checks/admin-home';
import { adminHeaders } from '../../session/admin-identity.ts';

export function loadAlerts(): Promise<AdminAlertsReply> {
  return apiGet(ADMIN_ALERTS_PATH, { headers: adminHeaders(), schema: adminAlertsReplyCheck });
}
