// The report shapes: the summary as CSV rows, and deliveries bucketed into Monday-started UTC
// weeks for the admin home's chart (weeks without a delivery count 0).
import type { SummaryReport } from './reports.types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** Midnight UTC of the Monday of the week holding `at`. */
export function weekStartOf(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

export interface WeekCount {
  weekStart: string;
  delivered: number;
}

/** The first instant counted: the Monday `weeks - 1` weeks before this week's. */
export function firstChartWeek(now: Date, weeks: number): Date {
  return new Date(weekStartOf(now).getTime() - (weeks - 1) * WEEK_MS);
}

export function deliveriesPerWeek(times: readonly string[], now: Date, weeks: number): WeekCount[] {
  const first = firstChartWeek(now, weeks).getTime();
  const counts = new Array<number>(weeks).fill(0);
  for (const time of times) {
    const index = Math.floor((Date.parse(time) - first) / WEEK_MS);
    if (index >= 0 && index < weeks) counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts.map((delivered, i) => ({
    weekStart: new Date(first + i * WEEK_MS).toISOString().slice(0, 10),
    delivered,
  }));
}

/** The summary's CSV rows, in SUMMARY_CSV_COLUMNS order. */
export function* summaryCsvRows(
  report: SummaryReport,
): Generator<readonly (string | number | null)[]> {
  for (const r of report.items) {
    yield ['items', r.month, r.item, null, null, r.ordered, r.delivered, r.cancelled, null];
  }
  for (const r of report.orders) {
    yield ['orders', r.month, null, r.orderType, r.status, null, null, null, r.count];
  }
  for (const r of report.roundsHeld) {
    yield ['rounds_held', r.month, null, null, null, null, null, null, r.count];
  }
  for (const r of report.signupsConfirmed) {
    yield ['signups_confirmed', r.month, null, null, null, null, null, null, r.count];
  }
}
