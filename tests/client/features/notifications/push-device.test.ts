// The browser side of the push switch, with a browser made of plain objects: the permission
// is asked only by enablePush (the tap) and before anything else, a subscription made with the
// server's key is reused and one made with another key replaced, and each way it can fail
// ends in a named failure rather than a hang.
import { describe, expect, it } from 'vitest';
import {
  base64urlToBytes,
  disablePush,
  enablePush,
  readDeviceState,
  type PushBrowser,
  type SubscriptionLike,
} from '#client/features/notifications/push-device';

// A P-256 point's length (65 bytes) and a 16-byte secret, base64url.
const KEY = Buffer.alloc(65, 4).toString('base64url');
const OTHER_KEY = Buffer.alloc(65, 9).toString('base64url');
const P256DH = Buffer.alloc(65, 1).toString('base64url');
const AUTH = Buffer.alloc(16, 2).toString('base64url');

function subscription(endpoint: string, key: string, log: string[]): SubscriptionLike {
  return {
    endpoint,
    options: { applicationServerKey: base64urlToBytes(key).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe: () => {
      log.push(`unsubscribe ${endpoint}`);
      return Promise.resolve(true);
    },
  };
}

interface FakeOptions {
  supported?: boolean;
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  held?: string | null;
  subscribe?: 'works' | 'hangs' | 'permission denied' | 'abort';
  worker?: boolean;
}

function fakeBrowser(options: FakeOptions = {}) {
  const log: string[] = [];
  let permission = options.permission ?? 'default';
  let held: SubscriptionLike | null =
    options.held == null ? null : subscription('https://push.example/held', options.held, log);
  const browser: PushBrowser = {
    supported: () => options.supported ?? true,
    needsHomeScreen: () => true,
    permission: () => permission,
    requestPermission: () => {
      log.push('ask permission');
      permission = options.answer ?? 'granted';
      return Promise.resolve(permission);
    },
    pushManager: () =>
      Promise.resolve(
        options.worker === false
          ? null
          : {
              getSubscription: () => Promise.resolve(held),
              subscribe: (init) => {
                log.push(
                  `subscribe ${Buffer.from(init.applicationServerKey).toString('base64url')}`,
                );
                switch (options.subscribe ?? 'works') {
                  case 'hangs':
                    return new Promise<never>(() => undefined);
                  case 'permission denied':
                    return Promise.reject(
                      new DOMException('Registration failed - permission denied', 'AbortError'),
                    );
                  case 'abort':
                    return Promise.reject(
                      new DOMException('Registration failed - push service error', 'AbortError'),
                    );
                  case 'works':
                    held = subscription('https://push.example/new', KEY, log);
                    return Promise.resolve(held);
                }
              },
            },
      ),
  };
  const readKey = () => {
    log.push('read key');
    return Promise.resolve(KEY);
  };
  return { browser, log, readKey };
}

describe('the push switch on this device', () => {
  it('reads the state without asking anything', async () => {
    const states = await Promise.all([
      readDeviceState(fakeBrowser({ supported: false }).browser),
      readDeviceState(fakeBrowser({ permission: 'denied' }).browser),
      readDeviceState(fakeBrowser({ permission: 'default' }).browser),
      readDeviceState(fakeBrowser({ permission: 'granted', held: KEY }).browser),
      readDeviceState(fakeBrowser({ permission: 'default', held: KEY }).browser),
    ]);
    expect(states).toEqual([
      { kind: 'unsupported', homeScreen: true },
      { kind: 'denied' },
      { kind: 'off' },
      { kind: 'on', endpoint: 'https://push.example/held' },
      { kind: 'off' },
    ]);
  });

  it('asks the permission first, then subscribes with the server key', async () => {
    const { browser, log, readKey } = fakeBrowser();
    const result = await enablePush(browser, readKey);
    expect(log).toEqual(['ask permission', 'read key', `subscribe ${KEY}`]);
    expect(result).toEqual({
      kind: 'subscribed',
      subscription: {
        endpoint: 'https://push.example/new',
        expirationTime: null,
        keys: { p256dh: P256DH, auth: AUTH },
      },
    });
  });

  it('asks the permission synchronously, in the tap itself', () => {
    const { browser, log, readKey } = fakeBrowser();
    void enablePush(browser, readKey);
    expect(log).toEqual(['ask permission']);
  });

  it('stops at a refusal or an unanswered question', async () => {
    const denied = fakeBrowser({ answer: 'denied' });
    expect(await enablePush(denied.browser, denied.readKey)).toEqual({ kind: 'denied' });
    const dismissed = fakeBrowser({ answer: 'default' });
    expect(await enablePush(dismissed.browser, dismissed.readKey)).toEqual({ kind: 'dismissed' });
    expect([...denied.log, ...dismissed.log]).toEqual(['ask permission', 'ask permission']);
  });

  it('asks nothing where the browser has no push', async () => {
    const { browser, log, readKey } = fakeBrowser({ supported: false });
    expect(await enablePush(browser, readKey)).toEqual({ kind: 'unsupported', homeScreen: true });
    expect(log).toEqual([]);
  });

  it('reuses a subscription made with the same key, replaces one made with another', async () => {
    const same = fakeBrowser({ permission: 'granted', held: KEY });
    const kept = await enablePush(same.browser, same.readKey);
    expect(kept.kind === 'subscribed' && kept.subscription.endpoint).toBe(
      'https://push.example/held',
    );
    expect(same.log).toEqual(['ask permission', 'read key']);

    const other = fakeBrowser({ permission: 'granted', held: OTHER_KEY });
    const made = await enablePush(other.browser, other.readKey);
    expect(made.kind === 'subscribed' && made.subscription.endpoint).toBe(
      'https://push.example/new',
    );
    expect(other.log).toEqual([
      'ask permission',
      'read key',
      'unsubscribe https://push.example/held',
      `subscribe ${KEY}`,
    ]);
  });

  it.each([
    ['hangs', 'push-service'],
    ['abort', 'push-service'],
    ['permission denied', 'blocked-here'],
  ] as const)('names the failure when subscribe %s', async (subscribe, failure) => {
    const { browser, readKey } = fakeBrowser({ subscribe });
    const result = await enablePush(browser, readKey, 50);
    expect(result.kind === 'failed' && result.failure).toBe(failure);
  });

  it('names a missing worker and an unreachable key', async () => {
    const noWorker = fakeBrowser({ worker: false });
    const a = await enablePush(noWorker.browser, noWorker.readKey);
    expect(a.kind === 'failed' && a.failure).toBe('no-worker');
    const noKey = fakeBrowser();
    const b = await enablePush(noKey.browser, () => Promise.reject(new Error('offline')));
    expect(b.kind === 'failed' && b.failure).toBe('no-key');
  });

  it('turning off ends the browser subscription and gives its endpoint to forget', async () => {
    const on = fakeBrowser({ permission: 'granted', held: KEY });
    expect(await disablePush(on.browser)).toBe('https://push.example/held');
    expect(on.log).toEqual(['unsubscribe https://push.example/held']);
    expect(await disablePush(fakeBrowser().browser)).toBeNull();
  });
});
