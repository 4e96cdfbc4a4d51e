// GET /api/admin/alerts: the admin home's alerts panel (product-spec.md section 2 "Admin home":
// items out of stock, items running low, new orders, new volunteer applications).
import { z } from 'zod';

export { ADMIN_ALERTS_PATH } from './checks/admin-home.ts';

/**
 * One stock line in trouble. Items with sizes are judged per size (size set); items without
 * sizes by their total (size absent). Out = 0, Low = under 5 (rules/stock-status.ts).
 */
export const stockAlert = z.object({
  id: z.number(),
  name: z.string(),
  size: z.string().optional(),
  quantity: z.number(),
});
export type StockAlert = z.infer<typeof stockAlert>;

export const adminAlertsReply = z.object({
  status: z.literal('success'),
  outOfStock: z.array(stockAlert),
  lowStock: z.array(stockAlert),
  /** Orders with status PENDING (spec section 4). */
  newOrders: z.number(),
  /** Volunteer applications with status PENDING. */
  newApplications: z.number(),
});
export type AdminAlertsReply = z.infer<typeof adminAlertsReply>;
