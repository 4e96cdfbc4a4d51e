// '/admin/orders' (product-spec.md section 2 "Admin orders"): 'All Orders' with the filters
// PENDING (default), COMPLETED and CANCELLED, Refresh and Go Back; Cancel for open orders and
// a round select to move an open order to another upcoming round. Orders come 100 at a time,
// newest first, with "Load more orders" below the table.
import { useState } from 'react';
import type { OrderReply } from '#shared/contracts/orders';
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

export const CANCEL_FAILED = 'Failed to cancel order.';

/** Cancel asks first (issue 20 item 2): the client's order is given up for good. */
export function adminCancelQuestion(orderId: number): ConfirmRequest {
  return {
    title: `Cancel order #${orderId}?`,
    description:
      'It will not be delivered and its items go back in stock. The client sees it was cancelled by the team. This cannot be undone.',
    confirmLabel: 'Cancel order',
    keepLabel: 'Keep order',
  };
}

function roundText(roundId: number | null): string {
  return roundId === null ? 'no round' : `round ${roundId}`;
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
          CANCEL_FAILED,
          `Order #${order.orderId} cancelled`,
        );
      }),
    onMove: (order: OrderReply, roundId: number | null) =>
      void act(
        order,
        () => moveOrder(order.orderId, roundId),
        'Failed to move the order.',
        `Order #${order.orderId} moved to ${roundText(roundId)}`,
      ),
  };
}

export function AdminOrdersPage() {
  const [filter, setFilter] = useState<OrderFilter>('PENDING');
  const orders = useOrderPages(filter);
  // Without the rounds the select still shows each order's own round; moving waits for them.
  const rounds = useAdminLoad(loadUpcomingRounds, 'Error fetching rounds');
  const actions = useOrderActions(orders.reload);
  const refresh = () => {
    orders.reload();
    rounds.reload();
  };
  return (
    <AdminPage title="All Orders" notice={actions.notice}>
      <Toolbar label="Order status">
        {ORDER_FILTERS.map((name) => (
          <Button
            key={name}
            variant={name === filter ? 'primary' : 'secondary'}
            aria-pressed={name === filter}
            onClick={() => setFilter(name)}
          >
            {name}
          </Button>
        ))}
        <Button variant="secondary" onClick={refresh}>
          Refresh
        </Button>
      </Toolbar>
      <LoadStatus loading={orders.loading} error={orders.error} />
      {orders.orders !== undefined && (
        <OrdersTable orders={orders.orders} actions={{ ...actions, rounds: rounds.data ?? [] }} />
      )}
      {orders.hasMore && (
        <Button variant="secondary" onClick={orders.loadMore} disabled={orders.loadingMore}>
          {orders.loadingMore ? 'Loading…' : 'Load more orders'}
        </Button>
      )}
      {actions.dialog}
    </AdminPage>
  );
}
