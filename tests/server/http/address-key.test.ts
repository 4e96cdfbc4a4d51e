// addressKeyOf: the key of the order routes' per-address limiters (their own keys so that, in
// one Redis key space, the client and guest limits stay apart): IPv4 as is, IPv6 by its /64.
import { describe, expect, it } from 'vitest';
import { addressKeyOf } from '#server/http/rate-limits';

describe('addressKeyOf', () => {
  it('keeps IPv4 addresses, also IPv4-mapped ones', () => {
    expect(addressKeyOf('10.0.0.7')).toBe('10.0.0.7');
    expect(addressKeyOf('::ffff:10.0.0.7')).toBe('10.0.0.7');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = addressKeyOf('2001:db8:1:2::5');
    expect(addressKeyOf('2001:0DB8:0001:0002:ffff:1:2:3')).toBe(key);
    expect(addressKeyOf('2001:db8:1:2:0:0:0:9')).toBe(key);
    expect(addressKeyOf('2001:db8:1:3::5')).not.toBe(key);
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf('fe80::1')).toBe('fe80:0:0:0::/64');
  });
});
