// Per-client-address rate limits (@fastify/rate-limit route options). Every limit is scaled by
// config.rateLimitScale, so the tests (or a deployment whose users share one address) raise
// them all at once.
import { isIPv6 } from 'node:net';
import type { ServerConfig } from '../config.ts';

export function perClientAddress(config: ServerConfig, max: number, per: 'minute' | 'hour') {
  return { max: max * config.rateLimitScale, timeWindow: `1 ${per}` };
}

/**
 * The key of a client address as @fastify/rate-limit's default key generator groups it: an
 * IPv4 address (also IPv4-mapped IPv6) as itself, an IPv6 address by its /64, since one
 * client holds a whole /64. For a limiter made with app.createRateLimit that needs a key
 * generator of its own: with Redis, every such limiter shares one key space (the store names a
 * limiter by its route, which createRateLimit leaves empty), so each prefixes its keys.
 */
export function addressKeyOf(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  const [head = '', tail] = ip.toLowerCase().split('::');
  const partsOf = (text: string | undefined) =>
    text === undefined || text === '' ? [] : text.split(':');
  // A dotted IPv4 tail fills two groups; only the first four groups count here anyway.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0);
  const before = partsOf(head);
  const after = partsOf(tail);
  const zeros = Array<string>(Math.max(0, 8 - width(before) - width(after))).fill('0');
  const groups = [...before, ...zeros, ...after].slice(0, 4);
  return `${groups.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
