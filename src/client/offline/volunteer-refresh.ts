// A refresh of one mirrored list that says why it failed, for screens that must show load
// failures (spec section 8: the server message, else the transport error text). The engine's
// own refreshMirror stays silent; this is the same refresh (replaceList keeps the queued
// actions' changes on top), run by a screen when it opens.
import { ApiError, sendRequest } from '../api/api-client.ts';
import { getAppDb } from './app-db.ts';
import { replaceList } from './mirror.ts';
import { MIRROR_LISTS, type MirrorListName } from './mirror-lists.ts';
import type { RememberedUser } from './types.ts';

export interface LoadProblem {
  /** The server's message, or the transport's error text; null when there is neither. */
  message: string | null;
  /** The server could not be reached (the device copy is what there is). */
  network: boolean;
}

function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : null;
}

/** Refreshes the list for this user; null when it worked (or the list is not theirs). */
export async function refreshListReporting(
  name: MirrorListName,
  user: RememberedUser | null,
): Promise<LoadProblem | null> {
  const def = MIRROR_LISTS[name];
  const path = def.path(user);
  if (path === null) return null;
  let reply: { status: number; body: unknown };
  try {
    reply = await sendRequest({ method: 'GET', path });
  } catch (error) {
    const text = error instanceof Error && error.message !== '' ? error.message : null;
    return { message: text, network: error instanceof ApiError && error.code === 'NETWORK_ERROR' };
  }
  const items = reply.status >= 200 && reply.status < 300 ? def.items(reply.body) : null;
  if (items === null) return { message: serverMessage(reply.body), network: false };
  await replaceList(getAppDb(), name, items);
  return null;
}
