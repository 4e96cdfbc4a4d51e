// A refresh of one mirrored list that says why it failed, for screens that must show load
// failures (spec section 8: the server message, else the transport error text). The engine's
// own refreshMirror stays silent; both go through mirror.ts refreshListFor, so a screen that
// opens while the engine refreshes the same list joins that refresh instead of asking again.
import { sendRequest } from '../api/api-client.ts';
import { getAppDb } from './app-db.ts';
import { refreshListFor, type LoadProblem } from './mirror.ts';
import type { MirrorListName } from './mirror-lists.ts';
import type { RememberedUser } from './types.ts';

export type { LoadProblem } from './mirror.ts';

/** Refreshes the list for this user; null when it worked (or the list is not theirs). */
export async function refreshListReporting(
  name: MirrorListName,
  user: RememberedUser | null,
): Promise<LoadProblem | null> {
  const result = await refreshListFor(getAppDb(), sendRequest, name, user);
  return result === 'not-yours' ? null : result;
}
