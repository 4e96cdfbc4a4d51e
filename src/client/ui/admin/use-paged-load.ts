// A list an admin screen loads page by page (newest first, with the server's cursor): the first
// page through useAdminLoad (loading, errors and Refresh as on every admin screen), then the
// pages "Load more" adds. A new `loadPage` (new filters) or a reload starts again from the first
// page, so nothing stale is kept below fresh rows.
import { useCallback, useState } from 'react';
import { alertFailure } from './admin-errors.ts';
import { useAdminLoad } from './use-admin-load.ts';

export interface Page<T> {
  items: T[];
  /** The cursor of the next (older) page; null on the last. */
  nextCursor: string | null;
}

interface MorePages<T> {
  /** The first page these follow: dropped when that page is replaced. */
  after: Page<T>;
  items: T[];
  nextCursor: string | null;
}

/** `loadPage` must be stable (useCallback on the filters): a new one means a new list. */
export function usePagedLoad<T>(
  loadPage: (before: string | undefined) => Promise<Page<T>>,
  fallback: string,
) {
  const loadFirst = useCallback(() => loadPage(undefined), [loadPage]);
  const first = useAdminLoad(loadFirst, fallback);
  const [more, setMore] = useState<MorePages<T> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const current = more !== null && more.after === first.data ? more : null;
  const items =
    first.data === undefined ? undefined : [...first.data.items, ...(current?.items ?? [])];
  const nextCursor = current !== null ? current.nextCursor : (first.data?.nextCursor ?? null);

  const loadMore = () => {
    const after = first.data;
    if (after === undefined || nextCursor === null) return;
    setLoadingMore(true);
    loadPage(nextCursor)
      .then((page) =>
        setMore({
          after,
          items: [...(current?.items ?? []), ...page.items],
          nextCursor: page.nextCursor,
        }),
      )
      .catch((error: unknown) => alertFailure(error, fallback))
      .finally(() => setLoadingMore(false));
  };
  return {
    items,
    error: first.error,
    loading: first.loading,
    reload: first.reload,
    hasMore: nextCursor !== null,
    loadMore,
    loadingMore,
  };
}
