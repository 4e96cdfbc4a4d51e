// TRUST_PROXY → Fastify's trustProxy (beyond-spec.md section 1 "Behind a proxy"): what each
// form makes of request.ip in a real Fastify instance, and the values that refuse to start.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig, trustProxyFrom } from '#server/config';

/** request.ip as Fastify derives it with TRUST_PROXY=value for a request from `socket`. */
async function ipSeen(value: string | undefined, socket: string, forwardedFor?: string) {
  const app = Fastify({ trustProxy: trustProxyFrom(value) });
  app.get('/ip', (request) => ({ ip: request.ip }));
  const res = await app.inject({
    url: '/ip',
    remoteAddress: socket,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return res.json<{ ip: string }>().ip;
}

describe('TRUST_PROXY', () => {
  it('unset, empty, false or 0: the socket address, whatever X-Forwarded-For says', async () => {
    for (const value of [undefined, '', 'false', '0']) {
      expect(await ipSeen(value, '10.0.0.5', '203.0.113.9')).toBe('10.0.0.5');
    }
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('true: the first address of X-Forwarded-For', async () => {
    expect(await ipSeen('true', '10.0.0.5', '203.0.113.9, 10.0.0.4')).toBe('203.0.113.9');
  });

  it('a hop count: the address that many hops back', async () => {
    expect(await ipSeen('1', '10.0.0.5', '203.0.113.9, 198.51.100.2')).toBe('198.51.100.2');
    expect(await ipSeen('2', '10.0.0.5', '203.0.113.9, 198.51.100.2')).toBe('203.0.113.9');
    expect(await ipSeen('1', '10.0.0.5')).toBe('10.0.0.5');
  });

  it('addresses and CIDRs: only those proxies may add to X-Forwarded-For', async () => {
    const list = ' 127.0.0.1 , 10.0.0.0/8,::1';
    expect(await ipSeen(list, '10.1.2.3', '203.0.113.9, 198.51.100.2')).toBe('198.51.100.2');
    expect(await ipSeen(list, '127.0.0.1', '203.0.113.9, 10.0.0.7')).toBe('203.0.113.9');
    // Not a listed proxy: its X-Forwarded-For is ignored.
    expect(await ipSeen(list, '192.168.1.20', '203.0.113.9')).toBe('192.168.1.20');
    expect(await ipSeen('loopback', '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(loadConfig({ TRUST_PROXY: list }).trustProxy).toBe('127.0.0.1,10.0.0.0/8,::1');
  });

  it('refuses anything else with a message that says what it takes', () => {
    for (const bad of [
      'yes',
      'TRUE',
      '-1',
      '1.5',
      '300.1.1.1',
      '10.0.0.0/33',
      '10.0.0.0/0',
      'fe80::/129',
      '127.0.0.1,,10.0.0.1',
      '10.0.0.0/8/8',
      '99999999999999999999',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /^TRUST_PROXY must be "true", a hop count \(a whole number\) or a comma list of IP addresses \/ CIDRs/,
      );
    }
  });
});
