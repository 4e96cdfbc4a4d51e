// This browser's side of Web Push (issue 19): whether it can have push at all, the
// permission, and its PushSubscription. The browser is reached through `PushBrowser`, so the
// rules (ask only on a tap, reuse a subscription made with the same key, give up on a push
// service that does not answer) are tested without one; `browserPush()` is the real one.
import { pushSubscriptionSchema, type PushSubscriptionJson } from '#shared/contracts/notifications';

/** How long a subscribe may take: it asks the browser's push service over the network. */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;
/** How long to wait for the app's service worker to be active. */
const WORKER_WAIT_MS = 5_000;

export interface SubscriptionLike {
  endpoint: string;
  options?: { applicationServerKey: ArrayBuffer | null };
  toJSON(): unknown;
  unsubscribe(): Promise<boolean>;
}

export interface PushManagerLike {
  getSubscription(): Promise<SubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: true;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<SubscriptionLike>;
}

export interface PushBrowser {
  /** Service worker, PushManager and Notification all exist. */
  supported(): boolean;
  /** iPhone or iPad outside the installed (home-screen) app, where Safari has no push. */
  needsHomeScreen(): boolean;
  permission(): NotificationPermission;
  /** Must be called during the person's tap (browsers ignore or punish other asks). */
  requestPermission(): Promise<NotificationPermission>;
  /** The app's service worker registration's push manager; null when there is no worker. */
  pushManager(): Promise<PushManagerLike | null>;
}

export type DeviceState =
  | { kind: 'unsupported'; homeScreen: boolean }
  | { kind: 'denied' }
  | { kind: 'on'; endpoint: string }
  | { kind: 'off' };

export type PushFailure =
  'no-worker' | 'blocked-here' | 'push-service' | 'no-key' | 'bad-subscription';

export type EnableResult =
  | { kind: 'subscribed'; subscription: PushSubscriptionJson }
  | { kind: 'denied' }
  /** The person closed the browser's question without answering. */
  | { kind: 'dismissed' }
  | { kind: 'unsupported'; homeScreen: boolean }
  | { kind: 'failed'; failure: PushFailure; detail: string };

/** What the switch shows now (no question asked: this runs when the profile opens). */
export async function readDeviceState(browser: PushBrowser): Promise<DeviceState> {
  if (!browser.supported()) return { kind: 'unsupported', homeScreen: browser.needsHomeScreen() };
  const permission = browser.permission();
  if (permission === 'denied') return { kind: 'denied' };
  const manager = await browser.pushManager();
  const subscription = await manager?.getSubscription().catch(() => null);
  if (permission === 'granted' && subscription != null) {
    return { kind: 'on', endpoint: subscription.endpoint };
  }
  return { kind: 'off' };
}

export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: SubscriptionLike, key: Uint8Array): boolean {
  const held = subscription.options?.applicationServerKey;
  if (held == null) return false;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DOMException('timed out', 'TimeoutError')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Why subscribe failed. Chromium says "Registration failed - permission denied" where push is
 * off although notifications are allowed (a private window), and an AbortError or no answer
 * at all when its push service cannot be reached.
 */
function subscribeFailure(error: unknown): PushFailure {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/permission denied|NotAllowedError/i.test(text)) return 'blocked-here';
  return 'push-service';
}

function detailOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The switch turned on: asks the permission (first, while the tap still counts), then
 * subscribes with the server's key (reusing a subscription made with the same key). The
 * caller sends the subscription to the server (a queued action).
 */
export async function enablePush(
  browser: PushBrowser,
  readKey: () => Promise<string>,
  timeoutMs = SUBSCRIBE_TIMEOUT_MS,
): Promise<EnableResult> {
  if (!browser.supported()) return { kind: 'unsupported', homeScreen: browser.needsHomeScreen() };
  const permission = await browser.requestPermission();
  if (permission === 'denied') return { kind: 'denied' };
  if (permission !== 'granted') return { kind: 'dismissed' };
  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64urlToBytes(await readKey());
  } catch (error) {
    return { kind: 'failed', failure: 'no-key', detail: detailOf(error) };
  }
  const manager = await browser.pushManager();
  if (manager === null)
    return { kind: 'failed', failure: 'no-worker', detail: 'no service worker' };
  let subscription: SubscriptionLike;
  try {
    const held = await manager.getSubscription();
    // A subscription made with another key (the server's key was replaced) cannot be used.
    if (held !== null && !sameKey(held, key)) await held.unsubscribe();
    subscription =
      held !== null && sameKey(held, key)
        ? held
        : await withTimeout(
            manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
            timeoutMs,
          );
  } catch (error) {
    return { kind: 'failed', failure: subscribeFailure(error), detail: detailOf(error) };
  }
  const parsed = pushSubscriptionSchema.safeParse(subscription.toJSON());
  if (!parsed.success) {
    return { kind: 'failed', failure: 'bad-subscription', detail: parsed.error.message };
  }
  return { kind: 'subscribed', subscription: parsed.data };
}

/**
 * The switch turned off: the browser's subscription ends (no push service will deliver to it
 * again) and its endpoint is returned for the server to forget; null when there was none.
 */
export async function disablePush(browser: PushBrowser): Promise<string | null> {
  if (!browser.supported()) return null;
  const manager = await browser.pushManager();
  const subscription = await manager?.getSubscription().catch(() => null);
  if (subscription == null) return null;
  const endpoint = subscription.endpoint;
  // Offline or refused: the subscription is dropped on the server side anyway.
  await subscription.unsubscribe().catch(() => false);
  return endpoint;
}

function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  // iPadOS says "Macintosh": a Mac with a touch screen is an iPad.
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

function isInstalledApp(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** This browser. */
export function browserPush(): PushBrowser {
  return {
    supported: () =>
      'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
    needsHomeScreen: () => isAppleMobile() && !isInstalledApp(),
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    async pushManager() {
      // Subscribing needs an active worker (on a first visit it may still be installing), but
      // `ready` never settles where none is registered (dev): it is given a few seconds.
      const registration = await Promise.race([
        navigator.serviceWorker.ready,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
      ]);
      return registration?.pushManager ?? null;
    },
  };
}
