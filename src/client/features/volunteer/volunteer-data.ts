// The dashboard's lists as read from the device (offline/hooks.ts): rows are checked against
// the contracts, so a row of another shape (an old app version's) is left out, never shown
// half-read. Each entry keeps its mirror row, whose key and position an optimistic change
// reuses.
import type { VolunteerRound } from '#shared/contracts/rounds';
import type { OrderReply } from '#shared/contracts/orders';
import { orderReplyCheck } from '#shared/contracts/checks/orders';
import { volunteerRoundCheck } from '#shared/contracts/checks/rounds';
import { useMemo } from 'react';
import { useMirrorSnapshot, useOutboxEntries } from '../../offline/hooks.ts';
import type { MirrorRow, OutboxRow } from '../../offline/types.ts';

export interface RoundEntry {
  round: VolunteerRound;
  row: MirrorRow;
}

export interface OrderEntry {
  order: OrderReply;
  row: MirrorRow;
}

function roundEntries(rows: MirrorRow[]): RoundEntry[] {
  return rows.flatMap((row) => {
    const parsed = volunteerRoundCheck.safeParse(row.data);
    return parsed.success ? [{ round: parsed.data, row }] : [];
  });
}

function orderEntries(rows: MirrorRow[]): OrderEntry[] {
  return rows.flatMap((row) => {
    const parsed = orderReplyCheck.safeParse(row.data);
    return parsed.success ? [{ order: parsed.data, row }] : [];
  });
}

const byStart = (a: RoundEntry, b: RoundEntry) =>
  Date.parse(a.round.startTime) - Date.parse(b.round.startTime);

/** The dashboard's mirrored lists, and when each was last refreshed on this device. */
export const DASHBOARD_LISTS = ['myRounds', 'allRounds', 'assignedOrders'] as const;
export type DashboardList = (typeof DASHBOARD_LISTS)[number];

export interface DashboardLists {
  /** My upcoming rounds, soonest first (a queued sign-up joins in its place). */
  upcoming: RoundEntry[];
  /** My past rounds, latest first. */
  past: RoundEntry[];
  /** Every round on the calendar. */
  all: RoundEntry[];
  /** Orders on my confirmed rounds (open and completed). */
  orders: OrderEntry[];
  refreshedAt: Record<DashboardList, string | null>;
}

const inGroup = (rows: MirrorRow[], group: string) => rows.filter((r) => r.group === group);

/** Everything the dashboard lists, read at one moment; undefined while loading. */
export function useDashboardLists(): DashboardLists | undefined {
  const snapshot = useMirrorSnapshot(DASHBOARD_LISTS);
  return useMemo(() => {
    if (snapshot === undefined) return undefined;
    const mine = snapshot.myRounds.rows;
    return {
      upcoming: roundEntries(inGroup(mine, 'upcoming')).sort(byStart),
      past: roundEntries(inGroup(mine, 'past')).sort((a, b) => byStart(b, a)),
      all: roundEntries(snapshot.allRounds.rows),
      orders: orderEntries(snapshot.assignedOrders.rows),
      refreshedAt: {
        myRounds: snapshot.myRounds.refreshedAt,
        allRounds: snapshot.allRounds.refreshedAt,
        assignedOrders: snapshot.assignedOrders.refreshedAt,
      },
    };
  }, [snapshot]);
}

/** Queued or sending actions by entity ('round:4', 'order:12'): what shows as pending. */
export function usePendingActions(): Map<string, OutboxRow> {
  const rows = useOutboxEntries() ?? [];
  const pending = new Map<string, OutboxRow>();
  for (const row of rows) {
    if (row.entityKey === null) continue;
    if (row.status === 'queued' || row.status === 'sending') pending.set(row.entityKey, row);
  }
  return pending;
}
