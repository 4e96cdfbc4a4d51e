// The rows of the summary report (reports.repository.ts builds them, the routes write CSV).
export interface ItemMonthRow {
  month: string;
  item: string;
  ordered: number;
  delivered: number;
  cancelled: number;
}

export interface OrderMonthRow {
  month: string;
  orderType: string;
  status: string;
  count: number;
}

export interface MonthCount {
  month: string;
  count: number;
}

export interface SummaryReport {
  items: ItemMonthRow[];
  orders: OrderMonthRow[];
  roundsHeld: MonthCount[];
  signupsConfirmed: MonthCount[];
}

/** A time range of ISO instants; either end may be open. */
export interface TimeRange {
  from?: string | undefined;
  to?: string | undefined;
}
