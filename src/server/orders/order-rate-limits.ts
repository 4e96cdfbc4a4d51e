// Order creation is rate-limited per client address and per account (beyond-spec.md section 1
// "Supplies can't be drained"), with @fastify/rate-limit: two counters in one hook, which runs
// before the route schema validates the body, so a refused body counts like any other try:
// - clients: the route's preValidation, after the access plugin's preValidation (the account
//   is known and a refused caller counts for nothing; an encrypted body is decrypted by then)
//   and before Fastify's validation (a preHandler would run after it, and a body the schema
//   refuses would never be counted: a script could then probe for free);
// - guests: onRequest (no access check to wait for), so a request past the limit is refused
//   before its body is opened.
// Both are scaled by config.rateLimitScale like every other limit (http/rate-limits.ts).
// A request whose Idempotency-Key is already stored is a replay: it places nothing (it gets
// the stored reply), so it is not counted. The offline outbox resends an order it has no
// answer for with the same key, and must not be held back for it. Whether the key is stored
// was read with the request's session (plugins/request-lookup.ts); a request without a
// session (or cookie) reads it here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKeyOf, perClientAddress } from '../http/rate-limits.ts';
import { AppError } from '../errors.ts';
import { message, type Message } from '#shared/i18n/messages';
import { findKey } from '../idempotency/idempotency.repository.ts';
import { idempotencyKeyOf, idempotencyScopeOf } from '../idempotency/idempotency-key.ts';
import { lookupOf } from '../plugins/request-lookup.ts';

export interface OrderRateLimits {
  /** Client orders per client address and minute. */
  clientPerAddressPerMinute: number;
  /** Guest orders per client address and minute. */
  guestPerAddressPerMinute: number;
  /** Orders per account and hour, both routes together (signed-in callers only). */
  perAccountPerHour: number;
}

/** An onRequest or preValidation hook of an order-creation route. */
type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

async function isStoredReplay(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return false;
  const scope = idempotencyScopeOf(request);
  const looked = lookupOf(request);
  if (looked !== undefined && looked.keyScope === scope) {
    return looked.storedKeyStatus !== undefined && looked.storedKeyStatus !== 0;
  }
  const stored = await findKey(app.ctx.opened.db, scope, key);
  return stored !== undefined && stored.statusCode !== 0;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

async function count(
  limiter: Limiter,
  request: FastifyRequest,
  reply: FastifyReply,
  text: Message,
) {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
  throw new AppError('RATE_LIMITED', text);
}

/**
 * The limit hooks of the two order-creation routes (client: preValidation, guest: onRequest);
 * they share the per-account count.
 */
export function orderRateLimits(
  app: FastifyInstance,
  limits: OrderRateLimits,
): { client: LimitHook; guest: LimitHook } {
  const config = app.ctx.config;
  const byAccount = app.createRateLimit({
    max: limits.perAccountPerHour * config.rateLimitScale,
    timeWindow: '1 hour',
    keyGenerator: (request) => `user:${request.user?.userId ?? 0}`,
  });
  function limitHook(route: 'client' | 'guest', perAddressPerMinute: number): LimitHook {
    // Keys of its own: with Redis the two routes' address limiters would share one count.
    const byAddress = app.createRateLimit({
      ...perClientAddress(config, perAddressPerMinute, 'minute'),
      keyGenerator: (request) => `orders-${route}:${addressKeyOf(request.ip)}`,
    });
    return async (request, reply) => {
      if (await isStoredReplay(app, request)) return;
      await count(byAddress, request, reply, message('server.orders.tooManyFromAddress'));
      if (request.user === null) return;
      await count(byAccount, request, reply, message('server.orders.tooManyFromAccount'));
    };
  }
  return {
    client: limitHook('client', limits.clientPerAddressPerMinute),
    guest: limitHook('guest', limits.guestPerAddressPerMinute),
  };
}
