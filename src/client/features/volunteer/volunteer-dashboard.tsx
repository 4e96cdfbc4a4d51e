// '/' for a volunteer (spec section 2 "Volunteer dashboard"; issue 5 items 2–4). Everything
// shown is read from the device (offline/hooks.ts) and refreshed from the server when the
// page opens; Sign Up, Cancel Signup, Start delivery and Complete go through the outbox and
// show at once.
import { useState } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import { PageLayout } from '../../ui/page-layout.tsx';
import { AddToCalendar } from './add-to-calendar.tsx';
import { DayRoundsModal } from './day-rounds-modal.tsx';
import { AssignedOrders, CompletedOrders } from './my-orders.tsx';
import { PastRounds, UpcomingRounds } from './my-rounds.tsx';
import { OrderDetailModal } from './order-detail-modal.tsx';
import { RoundDetailModal } from './round-detail-modal.tsx';
import { RoundsCalendar } from './rounds-calendar.tsx';
import { loadError, useListRefresh } from './use-list-refresh.ts';
import { useVolunteerActions } from './use-volunteer-actions.ts';
import {
  DASHBOARD_LISTS,
  type DashboardList,
  useDashboardLists,
  usePendingActions,
  type OrderEntry,
  type RoundEntry,
} from './volunteer-data.ts';
import { roundEntity } from '../../offline/actions.ts';
import { VolunteerHeader } from './volunteer-header.tsx';
import { WaitlistNotices } from './waitlist-notices.tsx';
import styles from './volunteer.module.css';

export function VolunteerDashboard() {
  const t = useT();
  const userId = useSessionUser()?.userId ?? null;
  const failures = useListRefresh(DASHBOARD_LISTS);
  const lists = useDashboardLists();
  const upcoming = lists?.upcoming;
  const past = lists?.past;
  const all = lists?.all;
  const orders = lists?.orders;
  const pending = usePendingActions();
  const actions = useVolunteerActions(all);
  const [day, setDay] = useState<Date | null>(null);
  const [detailKey, setDetailKey] = useState<string | null>(null);
  const [orderKey, setOrderKey] = useState<string | null>(null);
  const detail = [...(upcoming ?? []), ...(past ?? [])].find((e) => e.row.key === detailKey);
  const orderEntry = orders?.find((e) => e.row.key === orderKey);
  const viewRound = (entry: RoundEntry) => setDetailKey(entry.row.key);
  const openOrder = (entry: OrderEntry) => setOrderKey(entry.row.key);
  // The refresh times come with the lists (one read), not from queries of their own.
  const errorOf = (name: DashboardList, fallback: string) =>
    loadError(failures[name], lists?.refreshedAt[name], fallback);
  const myRoundsError = errorOf('myRounds', t('volunteer.load.myRoundsFailed'));
  const ordersError = errorOf('assignedOrders', t('volunteer.load.ordersFailed'));
  const allRoundsError = errorOf('allRounds', t('volunteer.load.upcomingRoundsFailed'));
  // A list is as it will stay once refreshed on this device (rows and time read together),
  // or once this screen's refresh of it failed: nothing more is coming then.
  const settled =
    lists !== undefined &&
    DASHBOARD_LISTS.every(
      (name) => lists.refreshedAt[name] !== null || failures[name] !== undefined,
    );

  return (
    <PageLayout header={<VolunteerHeader />}>
      <h1 className="visually-hidden">{t('volunteer.dashboard.title')}</h1>
      <WaitlistNotices />
      {/* Painted once the lists are as they will stay: filling them afterwards would push
          the calendar down under the reader's eyes (a layout shift). */}
      {!settled && (
        <p role="status" className={styles.empty}>
          {t('volunteer.dashboard.loading')}
        </p>
      )}
      {settled && (
        <div className={styles.columns}>
          <div>
            <UpcomingRounds
              entries={upcoming}
              pending={pending}
              onViewDetails={viewRound}
              error={myRoundsError}
            />
            <AssignedOrders
              entries={orders}
              pending={pending}
              onOpen={openOrder}
              onStartDelivery={actions.startDelivery}
              onComplete={actions.complete}
              error={ordersError}
            />
            <PastRounds entries={past} pending={pending} onViewDetails={viewRound} />
            <CompletedOrders entries={orders} pending={pending} onOpen={openOrder} />
          </div>
          <div>
            <RoundsCalendar entries={all} error={allRoundsError} onPickDay={setDay} />
            {userId !== null && <AddToCalendar userId={userId} />}
          </div>
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
          void actions.cancelSignup(entry).then((cancelled) => {
            if (cancelled) setDetailKey(null);
          });
        }}
        onClose={() => setDetailKey(null)}
      />
      <OrderDetailModal
        order={orderEntry?.order ?? null}
        onStartDelivery={orderEntry && (() => actions.startDelivery(orderEntry))}
        onClose={() => setOrderKey(null)}
      />
      {actions.dialog}
    </PageLayout>
  );
}
