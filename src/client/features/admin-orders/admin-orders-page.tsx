// '/admin/orders' (product-spec.md section 2 "Admin orders"): 'All Orders' with the filters
// PENDING (default), COMPLETED and CANCELLED, Refresh and Go Back; Cancel for open orders and
// a round select to move an open order to another upcoming round. Orders come 100 at a time,
// newest first, with "Load more orders" below the table.
import { useState } from 'react';
import type { MessageId } from '#shared/i18n/messages';
import type { OrderReply } from '#shared/contracts/orders';
import { t, useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { alertFailure } from '../../ui/admin/admin-errors.ts';
import { useConfirm, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { announce } from '../../ui/status-toast.tsx';
import { AdminPage, LoadStatus, Toolbar } from '../../ui/admin/admin-kit.tsx';
import { useAdminLoad } from '../../ui/admin/use-admin-load.ts';
import {
  cancelOrder,
  loadUpcomingRounds,
  moveOrder,
  ORDER_FILTERS,
  type OrderFilter,
} from './admin-orders-api.ts';
import { OrdersTable } from './orders-table.tsx';
import { useOrderPages } from './use-order-pages.ts';

export const cancelFailed = () => t('admin.orders.cancelFailed');

/** The filter buttons' words (the filter itself is the spec's status code). */
const FILTER_LABELS = {
  PENDING: 'admin.orders.filter.pending',
  COMPLETED: 'admin.orders.filter.completed',
  CANCELLED: 'admin.orders.filter.cancelled',
} as const satisfies Record<OrderFilter, MessageId>;

/** Cancel asks first (issue 20 item 2): the client's order is given up for good. */
export function adminCancelQuestion(orderId: number): ConfirmRequest {
  return {
    title: t('admin.orders.cancelTitle', { orderId: String(orderId) }),
    description: t('admin.orders.cancelDescription'),
    confirmLabel: t('admin.orders.cancelConfirm'),
    keepLabel: t('admin.orders.cancelKeep'),
  };
}

function movedText(orderId: number, roundId: number | null): string {
  return roundId === null
    ? t('admin.orders.movedToNoRound', { orderId: String(orderId) })
    : t('admin.orders.movedToRound', { orderId: String(orderId), roundId: String(roundId) });
}

function useOrderActions(reload: () => void) {
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  /** Runs an action; `news` is said in the status region once it is done. */
  const act = async (
    order: OrderReply,
    run: () => Promise<string>,
    fallback: string,
    news: string,
  ) => {
    setBusy(order.orderId);
    setNotice(null);
    try {
      setNotice(await run());
      announce(news);
    } catch (error) {
      alertFailure(error, fallback);
    } finally {
      setBusy(null);
      reload();
    }
  };
  return {
    notice,
    busy,
    dialog,
    onCancel: (order: OrderReply) =>
      void confirm(adminCancelQuestion(order.orderId)).then(async (yes) => {
        if (!yes) return;
        await act(
          order,
          () => cancelOrder(order.orderId),
          cancelFailed(),
          t('admin.orders.cancelled', { orderId: String(order.orderId) }),
        );
      }),
    onMove: (order: OrderReply, roundId: number | null) =>
      void act(
        order,
        () => moveOrder(order.orderId, roundId),
        t('admin.orders.moveFailed'),
        movedText(order.orderId, roundId),
      ),
  };
}

export function AdminOrdersPage() {
  const t = useT();
  const [filter, setFilter] = useState<OrderFilter>('PENDING');
  const orders = useOrderPages(filter);
  // Without the rounds the select still shows each order's own round; moving waits for them.
  const rounds = useAdminLoad(loadUpcomingRounds, t('admin.orders.roundsFailed'));
  const actions = useOrderActions(orders.reload);
  const refresh = () => {
    orders.reload();
    rounds.reload();
  };
  return (
    <AdminPage title={t('admin.orders.title')} notice={actions.notice}>
      <Toolbar label={t('admin.orders.filterLabel')}>
        {ORDER_FILTERS.map((name) => (
          <Button
            key={name}
            variant={name === filter ? 'primary' : 'secondary'}
            aria-pressed={name === filter}
            onClick={() => setFilter(name)}
          >
            {t(FILTER_LABELS[name])}
          </Button>
        ))}
        <Button variant="secondary" onClick={refresh}>
          {t('admin.orders.refresh')}
        </Button>
      </Toolbar>
      <LoadStatus loading={orders.loading} error={orders.error} />
      {orders.orders !== undefined && (
        <OrdersTable orders={orders.orders} actions={{ ...actions, rounds: rounds.data ?? [] }} />
      )}
      {orders.hasMore && (
        <Button variant="secondary" onClick={orders.loadMore} disabled={orders.loadingMore}>
          {orders.loadingMore ? t('admin.orders.loading') : t('admin.orders.loadMore')}
        </Button>
      )}
      {actions.dialog}
    </AdminPage>
  );
}
