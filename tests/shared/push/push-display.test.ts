// The worker's push rules (sw/push.ts runs them): a push's bytes become a notification (a bad
// payload still shows one: every push must), a tap opens a path of this app only, in an open
// window of the app when there is one, and open windows hear of the push.
import { describe, expect, it } from 'vitest';
import {
  FALLBACK_PUSH,
  notificationOptions,
  notificationUrl,
  openNotificationTarget,
  PUSH_MESSAGE_TYPE,
  readPushPayload,
  sameOriginPath,
  tellOpenWindows,
  type ClientsLike,
  type PushMessage,
  type WindowLike,
} from '#shared/push/push-display';

const ORIGIN = 'https://app.example.org';

describe('reading a push', () => {
  it('shows the payload as sent', () => {
    const data = JSON.stringify({
      title: "You're in: Soup run",
      body: 'Tue 18:00',
      url: '/',
      tag: 'round-4',
    });
    const payload = readPushPayload(data, ORIGIN);
    expect(payload).toEqual({
      title: "You're in: Soup run",
      body: 'Tue 18:00',
      url: '/',
      tag: 'round-4',
    });
    expect(notificationOptions(payload)).toEqual({
      body: 'Tue 18:00',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: 'round-4',
      data: { url: '/' },
    });
  });

  it.each([
    ['no data', null],
    ['not JSON', 'hello'],
    ['JSON but not an object', '"text"'],
    ['no title', JSON.stringify({ body: 'b', url: '/', tag: 't' })],
    ['a blank title', JSON.stringify({ title: '  ', body: 'b', url: '/', tag: 't' })],
  ])('shows the generic notification for %s', (_, data) => {
    expect(readPushPayload(data, ORIGIN)).toEqual(FALLBACK_PUSH);
  });

  it('keeps a readable title with missing or odd other fields', () => {
    const payload = readPushPayload(JSON.stringify({ title: 'T', body: 3, tag: null }), ORIGIN);
    expect(payload).toEqual({ title: 'T', body: '', url: '/', tag: FALLBACK_PUSH.tag });
  });

  it.each([
    ['/orderhistory', '/orderhistory'],
    ['/admin/applications?x=1#top', '/admin/applications?x=1#top'],
    [`${ORIGIN}/cargo_admin`, '/cargo_admin'],
    ['https://evil.example.com/phish', '/'],
    ['//evil.example.com/phish', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
  ])('a tap on %s opens %s', (url, path) => {
    expect(sameOriginPath(url, ORIGIN)).toBe(path);
    expect(readPushPayload(JSON.stringify({ title: 'T', url }), ORIGIN).url).toBe(path);
    expect(notificationUrl({ url }, ORIGIN)).toBe(path);
  });
});

/** Windows as the worker's clients API gives them, recording what was done to them. */
function fakeClients(
  windows: { url: string; focused?: boolean; navigable?: boolean; focusable?: boolean }[],
) {
  const log: string[] = [];
  const messages: { url: string; message: PushMessage }[] = [];
  const made: WindowLike[] = windows.map((w, i) => ({
    url: w.url,
    focused: w.focused ?? false,
    focus: () => {
      log.push(`focus ${i}`);
      if (w.focusable === false)
        return Promise.reject(new DOMException('Not allowed to focus a window.'));
      return Promise.resolve();
    },
    navigate: (url: string) => {
      if (w.navigable === false) return Promise.reject(new TypeError('not controlled'));
      log.push(`navigate ${i} ${url}`);
      return Promise.resolve();
    },
    postMessage: (message: PushMessage) => messages.push({ url: w.url, message }),
  }));
  const clients: ClientsLike = {
    matchAll: () => Promise.resolve(made),
    openWindow: (url: string) => {
      log.push(`open ${url}`);
      return Promise.resolve(null);
    },
  };
  return { clients, log, messages };
}

describe('a tap on a notification', () => {
  it('opens a new window at the path when no window of the app is open', async () => {
    const { clients, log } = fakeClients([{ url: 'https://other.example.com/' }]);
    expect(await openNotificationTarget(clients, '/orderhistory', ORIGIN)).toBe('opened');
    expect(log).toEqual([`open ${ORIGIN}/orderhistory`]);
  });

  it('focuses the focused window of the app and moves it to the path', async () => {
    const { clients, log } = fakeClients([
      { url: `${ORIGIN}/profile` },
      { url: `${ORIGIN}/feedback`, focused: true },
    ]);
    expect(await openNotificationTarget(clients, '/orderhistory', ORIGIN)).toBe('focused');
    expect(log).toEqual(['focus 1', `navigate 1 ${ORIGIN}/orderhistory`]);
  });

  it('still moves the window when the browser refuses to focus it', async () => {
    const { clients, log } = fakeClients([{ url: `${ORIGIN}/profile`, focusable: false }]);
    expect(await openNotificationTarget(clients, '/orderhistory', ORIGIN)).toBe('focused');
    expect(log).toEqual(['focus 0', `navigate 0 ${ORIGIN}/orderhistory`]);
  });

  it('only focuses a window already at the path', async () => {
    const { clients, log } = fakeClients([{ url: `${ORIGIN}/` }]);
    await openNotificationTarget(clients, '/', ORIGIN);
    expect(log).toEqual(['focus 0']);
  });

  it('opens a new window when the open one cannot be moved', async () => {
    const { clients, log } = fakeClients([{ url: `${ORIGIN}/profile`, navigable: false }]);
    expect(await openNotificationTarget(clients, '/', ORIGIN)).toBe('opened');
    expect(log).toEqual(['focus 0', `open ${ORIGIN}/`]);
  });

  it('never leaves the app, whatever the path', async () => {
    const { clients, log } = fakeClients([]);
    await openNotificationTarget(clients, 'https://evil.example.com/', ORIGIN);
    expect(log).toEqual([`open ${ORIGIN}/`]);
  });
});

describe('a push while the app is open', () => {
  it("tells the app's windows, and no other", async () => {
    const { clients, messages } = fakeClients([
      { url: `${ORIGIN}/` },
      { url: 'https://other.example.com/' },
    ]);
    await tellOpenWindows(
      clients,
      { title: 'T', body: '', url: '/orderhistory', tag: 'order-3' },
      ORIGIN,
    );
    expect(messages).toEqual([
      {
        url: `${ORIGIN}/`,
        message: { type: PUSH_MESSAGE_TYPE, url: '/orderhistory', tag: 'order-3' },
      },
    ]);
  });
});
