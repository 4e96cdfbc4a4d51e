// Refreshes the screen's mirrored lists when it opens and keeps why each failed, so the
// screen can show it (load-error.ts). A later refresh that works (the engine's, when the
// network returns) clears the failure.
import { useEffect, useState } from 'react';
import { useListRefreshedAt } from '../../offline/hooks.ts';
import type { MirrorListName } from '../../offline/mirror-lists.ts';
import type { RememberedUser } from '../../offline/types.ts';
import { refreshListReporting, type LoadProblem } from '../../offline/list-refresh.ts';
import type { SessionUser } from '../../session/session-user.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import { loadErrorText } from './load-error.ts';

export interface Failure extends LoadProblem {
  at: number;
}

export type LoadFailures = Partial<Record<MirrorListName, Failure>>;

function accountOf(user: SessionUser | null): RememberedUser | null {
  if (user === null || user.userId === null || user.role === 'GUEST') return null;
  const { userId, username, role, email, phone } = user;
  return { userId, username, role, email, phone };
}

/** Refreshes each list when the screen opens (and for a new user); returns the failures. */
export function useListRefresh(names: readonly MirrorListName[]): LoadFailures {
  // The session user object changes only when the user does.
  const user = useSessionUser();
  const [failures, setFailures] = useState<LoadFailures>({});
  const listKey = names.join(',');
  useEffect(() => {
    let live = true;
    for (const name of listKey.split(',') as MirrorListName[]) {
      void refreshListReporting(name, accountOf(user)).then((problem) => {
        if (!live) return;
        setFailures((prev) => ({
          ...prev,
          [name]: problem === null ? undefined : { ...problem, at: Date.now() },
        }));
      });
    }
    return () => {
      live = false;
    };
  }, [user, listKey]);
  return failures;
}

/**
 * The red text for one list, or null: its failure, unless a refresh after it worked.
 * `refreshedAt`: the list's last refresh on this device (null: never; undefined: not read).
 */
export function loadError(
  failure: Failure | undefined,
  refreshedAt: string | null | undefined,
  fallback: string,
): string | null {
  if (failure === undefined) return null;
  const laterRefresh = refreshedAt != null && Date.parse(refreshedAt) > failure.at;
  if (laterRefresh) return null;
  return loadErrorText(failure, fallback, refreshedAt != null);
}

/** The red text for one list, or null (reads the list's refresh time itself). */
export function useLoadError(
  failures: LoadFailures,
  name: MirrorListName,
  fallback: string,
): string | null {
  return loadError(failures[name], useListRefreshedAt(name), fallback);
}
