// "Where pushes go" (beyond-spec.md section 3): only https: endpoints on PUSH_HOSTS; `*.name`
// admits subdomains only; IP literals and localhost only when listed exactly.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS, pushHostsFrom } from '#server/config';
import { endpointProblem, isPushHost } from '#server/push/push-hosts';

describe('PUSH_HOSTS', () => {
  it('defaults to the browsers’ push services', () => {
    expect(pushHostsFrom(undefined)).toEqual(DEFAULT_PUSH_HOSTS);
    expect(pushHostsFrom(' 127.0.0.1 , *.Example.org ')).toEqual(['127.0.0.1', '*.example.org']);
    expect(() => pushHostsFrom('a b')).toThrow(/PUSH_HOSTS/);
  });

  it.each([
    ['fcm.googleapis.com', true],
    ['FCM.googleapis.com', true],
    ['web.push.apple.com', true],
    ['push.apple.com', false],
    ['evilpush.apple.com', false],
    ['wns2-by3p.notify.windows.com', true],
    ['updates.push.services.mozilla.com', true],
    ['fcm.googleapis.com.evil.example', false],
    ['example.org', false],
    ['127.0.0.1', false],
    ['localhost', false],
    ['[::1]', false],
  ])('%s on the default list: %s', (host, allowed) => {
    expect(isPushHost(host, DEFAULT_PUSH_HOSTS)).toBe(allowed);
  });

  it('admits an IP literal or localhost only when listed exactly, never by a wildcard', () => {
    expect(isPushHost('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isPushHost('127.0.0.1', ['*.0.0.1'])).toBe(false);
    expect(isPushHost('push.localhost', ['*.localhost'])).toBe(false);
    expect(isPushHost('localhost', ['localhost'])).toBe(true);
    expect(isPushHost('[::1]', ['::1'])).toBe(true);
  });

  it('names what is wrong with an endpoint', () => {
    const hosts = DEFAULT_PUSH_HOSTS;
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBeUndefined();
    expect(endpointProblem('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe('endpoint');
    expect(endpointProblem('https://u:p@fcm.googleapis.com/x', hosts)).toBe('endpoint');
    expect(endpointProblem('not a url', hosts)).toBe('endpoint');
    expect(endpointProblem('https://169.254.169.254/latest', hosts)).toBe('endpointHost');
    expect(endpointProblem('https://example.org/push', hosts)).toBe('endpointHost');
  });
});
