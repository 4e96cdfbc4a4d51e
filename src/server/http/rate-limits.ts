// Per-client-address rate limits (@fastify/rate-limit route options). Every limit is scaled by
// config.rateLimitScale, so the tests (or a deployment whose users share one address) raise
// them all at once.
import type { ServerConfig } from '../config.ts';

export function perClientAddress(config: ServerConfig, max: number, per: 'minute' | 'hour') {
  return { max: max * config.rateLimitScale, timeWindow: `1 ${per}` };
}
