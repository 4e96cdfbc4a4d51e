// What the service worker does with a push (issue 19; beyond-spec.md section 3), as pure rules
// the worker (sw/push.ts) runs and the unit tests check without a browser: how a push's bytes
// become a notification, which window a tap opens, and the message the open pages hear.
// The worker's globals are reached only through the small structural types below.
import type { PushPayload } from '../contracts/notifications.ts';

/** The app's icon (the manifest's) shown with every notification, and its small badge. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/icon-192.png';

/**
 * Shown when a push cannot be read: the browser requires every push to show something
 * (userVisibleOnly), and a silent push would count against the site.
 */
export const FALLBACK_PUSH: PushPayload = {
  title: 'StreetMed Supply',
  body: 'You have a new notification. Open the app to see it.',
  url: '/',
  tag: 'streetmed',
};

/** The message a push sends to the app's open windows (the page refreshes its lists). */
export const PUSH_MESSAGE_TYPE = 'push-received';
export interface PushMessage {
  type: typeof PUSH_MESSAGE_TYPE;
  /** The notification's app path and tag, which say what changed. */
  url: string;
  tag: string;
}

const TITLE_MAX = 200;
const BODY_MAX = 1000;

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : null;
}

/**
 * The app path a notification may open: a path on the app's own origin, or '/' for anything
 * else (another site, a javascript: address, nonsense). A push names a path of this app only.
 */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return '/';
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin) return '/';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return '/';
  }
}

/** A push's data as the notification to show: the payload, else the generic one. */
export function readPushPayload(data: string | null, origin: string): PushPayload {
  if (data === null) return FALLBACK_PUSH;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return FALLBACK_PUSH;
  }
  if (typeof parsed !== 'object' || parsed === null) return FALLBACK_PUSH;
  const fields = parsed as Record<string, unknown>;
  const title = text(fields.title, TITLE_MAX);
  if (title === null) return FALLBACK_PUSH;
  return {
    title,
    body: text(fields.body, BODY_MAX) ?? '',
    url: sameOriginPath(fields.url, origin),
    tag: text(fields.tag, TITLE_MAX) ?? FALLBACK_PUSH.tag,
  };
}

/** The options of registration.showNotification for a payload. */
export function notificationOptions(payload: PushPayload) {
  return {
    body: payload.body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    tag: payload.tag,
    data: { url: payload.url },
  };
}

/** The url kept in a shown notification's data (set by notificationOptions). */
export function notificationUrl(data: unknown, origin: string): string {
  const url =
    typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return sameOriginPath(url, origin);
}

/** What the worker needs of a window client (WindowClient). */
export interface WindowLike {
  url: string;
  focused: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: PushMessage): void;
}

/** What the worker needs of `self.clients` (Clients; matchAll of type 'window' gives windows). */
export interface ClientsLike {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
}

function isOurs(window: WindowLike, origin: string): boolean {
  try {
    return new URL(window.url).origin === origin;
  } catch {
    return false;
  }
}

/** An open window of this app: the focused one first, else the first. */
function pickWindow(windows: readonly WindowLike[], origin: string): WindowLike | null {
  const ours = windows.filter((w) => isOurs(w, origin));
  return ours.find((w) => w.focused) ?? ours[0] ?? null;
}

/**
 * A tap on a notification: an open window of the app is focused and moved to `path` (one
 * window, not a new one per tap); with none open, a new one opens there. Navigating a window
 * the worker does not control fails: then a new window opens. A refused focus does not stop
 * the move: the browser may refuse it (the tap's permission expired, or an event without a
 * tap), and the window should still show what the notification was about.
 */
export async function openNotificationTarget(
  clients: ClientsLike,
  path: string,
  origin: string,
): Promise<'focused' | 'opened'> {
  const target = new URL(sameOriginPath(path, origin), origin).href;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = pickWindow(windows, origin);
  if (open !== null) {
    // Focus is asked at once: the tap's permission to focus a window does not outlast the event.
    const focusing = open.focus().then(
      () => true,
      () => false,
    );
    try {
      if (open.url !== target) await open.navigate(target);
      await focusing;
      return 'focused';
    } catch {
      // Not ours to move (uncontrolled) or gone meanwhile: a new window instead.
      await focusing;
    }
  }
  await clients.openWindow(target);
  return 'opened';
}

/** Tells each open window of the app that a push came (the page refreshes what it concerns). */
export async function tellOpenWindows(
  clients: ClientsLike,
  payload: PushPayload,
  origin: string,
): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const message: PushMessage = { type: PUSH_MESSAGE_TYPE, url: payload.url, tag: payload.tag };
  for (const window of windows) if (isOurs(window, origin)) window.postMessage(message);
}
