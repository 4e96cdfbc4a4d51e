// Reports without personal data (beyond-spec.md section 2 "Reports without personal data"):
// counts of items, orders, rounds and sign-ups, never a name, address, phone or free text a
// client typed (custom requests are counted under one name).
import { z } from 'zod';
import { fromFilter, toFilter } from './time-filter.ts';

export { REPORT_PATHS } from './checks/admin-home.ts';

export const summaryQuery = z.object({
  from: fromFilter.optional(),
  to: toFilter.optional(),
});
export type SummaryQuery = z.infer<typeof summaryQuery>;

/** Custom requests are free text a client typed: counted together under this name. */
export const CUSTOM_ITEMS_NAME = 'Custom requests';

/**
 * The summary's columns. `section` says which of the others a row fills:
 * items (item, ordered, delivered, cancelled), orders (order_type, status, count),
 * rounds_held (count) and signups_confirmed (count); every row has its month (YYYY-MM, UTC).
 */
export const SUMMARY_CSV_COLUMNS = [
  'section',
  'month',
  'item',
  'order_type',
  'status',
  'ordered',
  'delivered',
  'cancelled',
  'count',
] as const;

/** How many weeks the admin home's chart shows. */
export const CHART_WEEKS = 12;

export const deliveriesPerWeekReply = z.object({
  status: z.literal('success'),
  /** Oldest first; each week starts on a Monday (UTC); weeks without deliveries count 0. */
  weeks: z.array(z.object({ weekStart: z.string(), delivered: z.number() })),
});
export type DeliveriesPerWeekReply = z.infer<typeof deliveriesPerWeekReply>;
