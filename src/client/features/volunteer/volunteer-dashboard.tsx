// '/' for a volunteer (spec section 2 "Volunteer dashboard"; issue 5 items 2–4). Everything
// shown is read from the device (offline/hooks.ts) and refreshed from the server when the
// page opens; Sign Up, Cancel Signup and Complete go through the outbox and show at once.
import { useState } from 'react';
import { useSessionUser } from '../../session/use-session-user.ts';
import { PageLayout } from '../../ui/page-layout.tsx';
import { DayRoundsModal } from './day-rounds-modal.tsx';
import { MY_ROUNDS_FAILED, ORDERS_FAILED, UPCOMING_ROUNDS_FAILED } from './load-error.ts';
import { AssignedOrders, CompletedOrders } from './my-orders.tsx';
import { PastRounds, UpcomingRounds } from './my-rounds.tsx';
import { OrderDetailModal } from './order-detail-modal.tsx';
import { RoundDetailModal } from './round-detail-modal.tsx';
import { RoundsCalendar } from './rounds-calendar.tsx';
import { useListRefresh, useListState } from './use-list-refresh.ts';
import { useVolunteerActions } from './use-volunteer-actions.ts';
import {
  roundEntity,
  useAllRounds,
  useAssignedOrders,
  usePastRounds,
  usePendingActions,
  useUpcomingRounds,
  type OrderEntry,
  type RoundEntry,
} from './volunteer-data.ts';
import { VolunteerHeader } from './volunteer-header.tsx';
import { WaitlistNotices } from './waitlist-notices.tsx';
import styles from './volunteer.module.css';

const LISTS = ['myRounds', 'allRounds', 'assignedOrders'] as const;

export function VolunteerDashboard() {
  const userId = useSessionUser()?.userId ?? null;
  const failures = useListRefresh(LISTS);
  const upcoming = useUpcomingRounds();
  const past = usePastRounds();
  const all = useAllRounds();
  const orders = useAssignedOrders();
  const pending = usePendingActions();
  const actions = useVolunteerActions(all);
  const [day, setDay] = useState<Date | null>(null);
  const [detailKey, setDetailKey] = useState<string | null>(null);
  const [orderKey, setOrderKey] = useState<string | null>(null);
  const detail = [...(upcoming ?? []), ...(past ?? [])].find((e) => e.row.key === detailKey);
  const order = orders?.find((e) => e.row.key === orderKey)?.order ?? null;
  const viewRound = (entry: RoundEntry) => setDetailKey(entry.row.key);
  const openOrder = (entry: OrderEntry) => setOrderKey(entry.row.key);
  const myRoundsState = useListState(failures, 'myRounds', MY_ROUNDS_FAILED);
  const ordersState = useListState(failures, 'assignedOrders', ORDERS_FAILED);
  const allRoundsState = useListState(failures, 'allRounds', UPCOMING_ROUNDS_FAILED);
  const settled =
    [upcoming, past, all, orders].every((list) => list !== undefined) &&
    [myRoundsState, ordersState, allRoundsState].every((state) => state.settled);

  return (
    <PageLayout header={<VolunteerHeader />}>
      <h1 className="visually-hidden">Volunteer Dashboard</h1>
      <WaitlistNotices />
      {/* Painted once the lists are as they will stay (read from the device, and on a
          first-time device answered by the server): filling them afterwards would push the
          calendar down under the reader's eyes (a layout shift). */}
      {!settled && (
        <p role="status" className={styles.empty}>
          Loading…
        </p>
      )}
      {settled && (
        <div className={styles.columns}>
          <div>
            <UpcomingRounds
              entries={upcoming}
              pending={pending}
              onViewDetails={viewRound}
              error={myRoundsState.error}
            />
            <AssignedOrders
              entries={orders}
              pending={pending}
              onOpen={openOrder}
              onComplete={actions.complete}
              error={ordersState.error}
            />
            <PastRounds entries={past} pending={pending} onViewDetails={viewRound} />
            <CompletedOrders entries={orders} pending={pending} onOpen={openOrder} />
          </div>
          <RoundsCalendar entries={all} error={allRoundsState.error} onPickDay={setDay} />
        </div>
      )}
      <DayRoundsModal
        day={day}
        entries={all}
        pending={pending}
        onSignUp={actions.signUp}
        onClose={() => setDay(null)}
      />
      <RoundDetailModal
        entry={detail ?? null}
        pendingAction={detail !== undefined && pending.has(roundEntity(detail.round.roundId))}
        assigned={orders}
        userId={userId}
        onCancelSignup={(entry) => {
          if (actions.cancelSignup(entry)) setDetailKey(null);
        }}
        onClose={() => setDetailKey(null)}
      />
      <OrderDetailModal order={order} onClose={() => setOrderKey(null)} />
    </PageLayout>
  );
}
