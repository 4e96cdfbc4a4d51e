// The admin home's two calls (alerts, deliveries per week): paths and replies, without zod
// (check.ts).
// contracts/admin-alerts.ts and contracts/reports.ts hold the zod schemas they mirror.
import type { AdminAlertsReply } from '../admin-alerts.ts';
import type { DeliveriesPerWeekReply } from '../reports.ts';
import { array, literal, number, object, optional, string, type Check } from './check.ts';

export const ADMIN_ALERTS_PATH = '/api/admin/alerts';

export const REPORT_PATHS = {
  summaryCsv: '/api/admin/reports/summary.csv',
  deliveriesPerWeek: '/api/admin/reports/deliveries-per-week',
} as const;

const stockAlert = object({
  id: number(),
  name: string(),
  size: optional(string()),
  quantity: number(),
});

export const adminAlertsReplyCheck: Check<AdminAlertsReply> = object({
  status: literal('success'),
  outOfStock: array(stockAlert),
  lowStock: array(stockAlert),
  newOrders: number(),
  newApplications: number(),
});

export const deliveriesPerWeekReplyCheck: Check<DeliveriesPerWeekReply> = object({
  status: literal('success'),
  weeks: array(object({ weekStart: string(), delivered: number() })),
});
