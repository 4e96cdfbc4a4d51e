// Refreshes the history when the page opens and says why it failed (spec section 8 "Orders":
// 'Failed to load orders.'). Offline with a copy on the device, the copy and its "updated N
// minutes ago" say enough: no red. A later refresh that works (the engine's, when the
// network returns) clears the failure.
import { useEffect, useState } from 'react';
import { message, type Message } from '#shared/i18n/messages';
import { useListRefreshedAt } from '../../offline/hooks.ts';
import { refreshListReporting, type LoadProblem } from '../../offline/list-refresh.ts';
import type { SessionUser } from '../../session/session-user.ts';

/** A Message: the line under the title follows a change of language while it shows. */
export const LOAD_FAILED = message('ordering.history.loadFailed');

/** `user` is the session user (its object changes only when the user does). */
export function useHistoryRefresh(user: SessionUser | null): Message | null {
  const [failure, setFailure] = useState<{ problem: LoadProblem; at: number } | null>(null);
  const refreshedAt = useListRefreshedAt('myOrders');
  useEffect(() => {
    if (user?.userId == null || user.role !== 'CLIENT') return;
    let live = true;
    const { userId, username, role, email, phone } = user;
    void refreshListReporting('myOrders', { userId, username, role, email, phone }).then(
      (problem) => {
        if (live) setFailure(problem === null ? null : { problem, at: Date.now() });
      },
    );
    return () => {
      live = false;
    };
  }, [user]);
  if (failure === null) return null;
  if (refreshedAt != null && Date.parse(refreshedAt) > failure.at) return null;
  if (failure.problem.network && refreshedAt != null) return null;
  return LOAD_FAILED;
}
