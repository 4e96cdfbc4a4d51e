// A push that arrives while the app is open (issue 19): the service worker tells the open
// windows (sw/push.ts), and the lists the push concerns are fetched again, so the screen shows
// what the notification says. The notification's path says what changed. Pushes that arrive
// together cost one refresh per list.
import { sendRequest } from '../api/api-client.ts';
import { PUSH_MESSAGE_TYPE } from '#shared/push/push-display';
import { getAppDb } from './app-db.ts';
import { markServerChanged, refreshListFor } from './mirror.ts';
import type { MirrorListName } from './mirror-lists.ts';
import { getRememberedUser } from './session-user-store.ts';

const ORDER_LISTS: readonly MirrorListName[] = ['myOrders', 'assignedOrders', 'catalogue'];
const ROUND_LISTS: readonly MirrorListName[] = ['myRounds', 'allRounds', 'assignedOrders'];
const ALL_LISTS: readonly MirrorListName[] = [
  'myOrders',
  'assignedOrders',
  'myRounds',
  'allRounds',
  'catalogue',
];
/** Pushes within this long of each other are one refresh. */
const GATHER_MS = 250;

/**
 * The mirrored lists a notification's path concerns: an order's screens → the orders (and the
 * stock a cancel gave back); a round's or the volunteer's → the rounds and assigned orders;
 * anything else (the home, a screen without lists) → every list. Lists that are not the
 * signed-in user's are skipped by the refresh itself.
 */
export function listsForPushPath(path: string): readonly MirrorListName[] {
  const lower = path.toLowerCase();
  if (lower.includes('order')) return ORDER_LISTS;
  if (/round|dashboard|volunteer/.test(lower)) return ROUND_LISTS;
  return ALL_LISTS;
}

function pushPath(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, url } = data as { type?: unknown; url?: unknown };
  return type === PUSH_MESSAGE_TYPE && typeof url === 'string' ? url : null;
}

const gathered = new Set<MirrorListName>();
let timer: ReturnType<typeof setTimeout> | null = null;

async function refreshGathered(): Promise<void> {
  timer = null;
  const names = [...gathered];
  gathered.clear();
  const db = getAppDb();
  const user = await getRememberedUser(db);
  // The server changed: a refresh already under way may carry the data from before the push.
  markServerChanged();
  await Promise.all(names.map((name) => refreshListFor(db, sendRequest, name, user, null)));
}

/** Refreshes what a push's path concerns, gathered with pushes arriving just after it. */
export function refreshForPush(path: string): void {
  for (const name of listsForPushPath(path)) gathered.add(name);
  timer ??= setTimeout(() => void refreshGathered().catch(() => undefined), GATHER_MS);
}

/** Listens for the worker's push messages (start.ts); returns the stop. */
export function listenForPushes(): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const path = pushPath(event.data);
    if (path !== null) refreshForPush(path);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
