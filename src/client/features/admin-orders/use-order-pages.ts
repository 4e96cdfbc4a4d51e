// All Orders' list: the filter's first page through useAdminLoad (loading, errors and Refresh
// as on every admin screen), then the pages "Load more orders" adds. A new filter or a reload
// starts again from the first page, so nothing stale is kept below fresh rows.
import { useCallback, useState } from 'react';
import type { OrderReply } from '#shared/contracts/orders';
import { t } from '../../i18n/i18n.ts';
import { alertFailure } from '../../ui/admin/admin-errors.ts';
import { useAdminLoad } from '../../ui/admin/use-admin-load.ts';
import { loadOrders, type OrderFilter, type OrdersPage } from './admin-orders-api.ts';

export const ordersFailed = () => t('admin.orders.loadFailed');

interface MorePages {
  /** The first page these follow: dropped when that page is replaced. */
  after: OrdersPage;
  orders: OrderReply[];
  nextCursor: string | null;
}

export function useOrderPages(filter: OrderFilter) {
  const load = useCallback(() => loadOrders(filter), [filter]);
  const first = useAdminLoad(load, ordersFailed());
  const [more, setMore] = useState<MorePages | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const current = more !== null && more.after === first.data ? more : null;
  const orders =
    first.data === undefined ? undefined : [...first.data.orders, ...(current?.orders ?? [])];
  const nextCursor = current !== null ? current.nextCursor : (first.data?.nextCursor ?? null);

  const loadMore = () => {
    const after = first.data;
    if (after === undefined || nextCursor === null) return;
    setLoadingMore(true);
    loadOrders(filter, nextCursor)
      .then((page) =>
        setMore({
          after,
          orders: [...(current?.orders ?? []), ...page.orders],
          nextCursor: page.nextCursor,
        }),
      )
      .catch((error: unknown) => alertFailure(error, ordersFailed()))
      .finally(() => setLoadingMore(false));
  };
  return { ...first, orders, hasMore: nextCursor !== null, loadMore, loadingMore };
}
