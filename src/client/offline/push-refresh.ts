// A push that arrives while the app is open (issue 19): the service worker tells the open
// windows (sw/push.ts), and the lists the push concerns are fetched again, so the screen shows
// what the notification says. Its tag and path say what changed. Pushes that arrive
// together cost one refresh per list.
import { sendRequest } from '../api/api-client.ts';
import { PUSH_MESSAGE_TYPE } from '#shared/push/push-display';
import { registerLogoutHook } from '../session/logout.ts';
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
 * The mirrored lists a notification concerns, from its tag ('round-4', 'order-12', 'item-3':
 * the server's notification-texts.ts) or else its path: an order → the orders and the stock a
 * cancel gave back; a round → the rounds and the assigned orders; an item → the catalogue;
 * anything else → every list. Lists that are not the signed-in user's are skipped by the
 * refresh itself.
 */
export function listsForPush(url: string, tag: string): readonly MirrorListName[] {
  if (tag.startsWith('order-')) return ORDER_LISTS;
  if (tag.startsWith('round-')) return ROUND_LISTS;
  if (tag.startsWith('item-')) return ['catalogue'];
  if (url.toLowerCase().includes('order')) return ORDER_LISTS;
  return ALL_LISTS;
}

function pushOf(data: unknown): { url: string; tag: string } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, url, tag } = data as { type?: unknown; url?: unknown; tag?: unknown };
  if (type !== PUSH_MESSAGE_TYPE || typeof url !== 'string') return null;
  return { url, tag: typeof tag === 'string' ? tag : '' };
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

/** Refreshes what a push concerns, gathered with pushes arriving just after it. */
export function refreshForPush(url: string, tag: string): void {
  for (const name of listsForPush(url, tag)) gathered.add(name);
  timer ??= setTimeout(() => void refreshGathered().catch(() => undefined), GATHER_MS);
}

/**
 * Logout: this browser's push subscription ends, so the next person on the device never sees
 * the last one's notifications. The server is signed out by then; its next push to the dead
 * endpoint gets 404/410 from the push service and the server drops the row.
 */
async function endDevicePush(): Promise<void> {
  if (!('PushManager' in window)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

/** Listens for the worker's push messages (start.ts); returns the stop. */
export function listenForPushes(): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  registerLogoutHook(endDevicePush);
  const onMessage = (event: MessageEvent) => {
    const push = pushOf(event.data);
    if (push !== null) refreshForPush(push.url, push.tag);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
