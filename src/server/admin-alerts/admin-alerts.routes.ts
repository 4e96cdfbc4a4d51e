// GET /api/admin/alerts (admin only): what the admin home's alerts panel shows.
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ALERTS_PATH,
  type AdminAlertsReply,
  type StockAlert,
} from '#shared/contracts/admin-alerts';
import { stockStatus } from '#shared/rules/stock-status';
import { ADMIN_ONLY } from '../http/admin-access.ts';
import {
  countPendingApplications,
  countPendingOrders,
  lowStockLines,
} from './admin-alerts.repository.ts';

/** By name, then size; sorted here because the dialects' collations differ. */
function byNameAndSize(a: StockAlert, b: StockAlert): number {
  return a.name.localeCompare(b.name) || (a.size ?? '').localeCompare(b.size ?? '') || a.id - b.id;
}

export async function adminAlertsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.opened.db;
  app.get(ADMIN_ALERTS_PATH, { config: { access: ADMIN_ONLY } }, async () => {
    const [lines, newOrders, newApplications] = await Promise.all([
      lowStockLines(db),
      countPendingOrders(db),
      countPendingApplications(db),
    ]);
    lines.sort(byNameAndSize);
    const body: AdminAlertsReply = {
      status: 'success',
      outOfStock: lines.filter((l) => stockStatus(l.quantity) === 'Out'),
      lowStock: lines.filter((l) => stockStatus(l.quantity) === 'Low'),
      newOrders,
      newApplications,
    };
    return body;
  });
}
