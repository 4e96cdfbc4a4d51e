// The dashboard's lists as read from the device (offline/hooks.ts): rows are checked against
// the contracts, so a row of another shape (an old app version's) is left out, never shown
// half-read. Each entry keeps its mirror row, whose key and position an optimistic change
// reuses.
import { volunteerRound, type VolunteerRound } from '#shared/contracts/rounds';
import { orderReply, type OrderReply } from '#shared/contracts/orders';
import { useMirrorList, useOutboxEntries } from '../../offline/hooks.ts';
import type { MirrorRow, OutboxRow } from '../../offline/types.ts';

export interface RoundEntry {
  round: VolunteerRound;
  row: MirrorRow;
}

export interface OrderEntry {
  order: OrderReply;
  row: MirrorRow;
}

function roundEntries(rows: MirrorRow[] | undefined): RoundEntry[] | undefined {
  if (rows === undefined) return undefined;
  return rows.flatMap((row) => {
    const parsed = volunteerRound.safeParse(row.data);
    return parsed.success ? [{ round: parsed.data, row }] : [];
  });
}

function orderEntries(rows: MirrorRow[] | undefined): OrderEntry[] | undefined {
  if (rows === undefined) return undefined;
  return rows.flatMap((row) => {
    const parsed = orderReply.safeParse(row.data);
    return parsed.success ? [{ order: parsed.data, row }] : [];
  });
}

const byStart = (a: RoundEntry, b: RoundEntry) =>
  Date.parse(a.round.startTime) - Date.parse(b.round.startTime);

/** My upcoming rounds, soonest first (a queued sign-up joins in its place). */
export function useUpcomingRounds(): RoundEntry[] | undefined {
  return roundEntries(useMirrorList('myRounds', 'upcoming'))?.sort(byStart);
}

/** My past rounds, latest first. */
export function usePastRounds(): RoundEntry[] | undefined {
  return roundEntries(useMirrorList('myRounds', 'past'))?.sort((a, b) => byStart(b, a));
}

/** Every round on the calendar. */
export function useAllRounds(): RoundEntry[] | undefined {
  return roundEntries(useMirrorList('allRounds'));
}

/** Orders on my confirmed rounds (open and completed). */
export function useAssignedOrders(): OrderEntry[] | undefined {
  return orderEntries(useMirrorList('assignedOrders'));
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

export const roundEntity = (roundId: number) => `round:${roundId}`;
export const orderEntity = (orderId: number) => `order:${orderId}`;
