// The sign-in throttle as the routes use it: who is trying (address as TRUST_PROXY derives it,
// device cookie, account), the 429 when a try is refused, and a fresh device cookie after a
// sign-in. One guard per app: failed sign-ins and wrong current passwords on profile changes
// are counted together.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/kysely.ts';
import { AppError } from '../errors.ts';
import { serverSecret } from '../security/server-secrets.repository.ts';
import { createDeviceCookies, type DeviceCookies } from './device-cookie.ts';
import {
  accountKeyOf,
  createLoginThrottle,
  type LoginThrottle,
  type Reservation,
} from './login-throttle.ts';
import type { RedisClient } from '../shared-state/redis-client.ts';
import { createFailoverThrottleStore, createRedisThrottleStore } from './redis-throttle-store.ts';
import { createMemoryThrottleStore, type ThrottleStore } from './throttle-store.ts';
import { message } from '#shared/i18n/messages';

/** Failed sign-ins in 15 minutes before tries are refused (each times config.rateLimitScale). */
export const LOGIN_DEVICE_FAILURES = 5; // one known browser, for its account
export const LOGIN_PAIR_FAILURES = 5; // unknown browsers, one account from one address
export const LOGIN_ADDRESS_FAILURES = 20; // unknown browsers, one address, any accounts
export const LOGIN_UNTRUSTED_FAILURES = 50; // unknown browsers, one account, any addresses
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const THROTTLED_MESSAGE = message('server.auth.throttled');

export interface SignInGuard {
  /**
   * Reserves a sign-in try for the account (userId when the name is an account, else the name
   * as typed) from this request's address and browser; throws the 429 when refused.
   */
  begin(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number | undefined,
    typedKey: string,
  ): Promise<Reservation>;
  /**
   * The key the login route's request limit counts by: for a browser with a valid device
   * cookie, the account it names (so strangers at the same address never use up a known
   * browser's allowance, and the fresh cookie each sign-in brings is no new allowance), else
   * the address.
   */
  requestKeyOf(request: FastifyRequest): string;
  /** After a sign-in: the browser gets a fresh device cookie for the user. */
  remember(request: FastifyRequest, reply: FastifyReply, userId: number): void;
}

export function createSignInGuardWith(
  throttle: LoginThrottle,
  devices: DeviceCookies,
): SignInGuard {
  return {
    async begin(request, reply, userId, typedKey) {
      const now = Date.now();
      const device = userId === undefined ? null : devices.deviceOf(request, userId, now);
      const account = accountKeyOf(userId, typedKey);
      const result = await throttle.begin({ address: request.ip, account, device }, now);
      if (result.allowed) return result.reservation;
      request.log.warn({ event: 'login.throttled', knownDevice: device !== null }, 'throttled');
      reply.header('retry-after', String(result.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', THROTTLED_MESSAGE, { authenticated: false });
    },
    requestKeyOf(request) {
      const account = devices.knownAccountOf(request, Date.now());
      return account === null ? request.ip : `known-browser-of:${account}`;
    },
    remember(request, reply, userId) {
      devices.issue(request, reply, userId, Date.now());
    },
  };
}

/**
 * Without Redis, this process's memory. With Redis, Redis, shared by every process; an
 * operation Redis fails counts in this process's memory instead: guessing stays limited (per
 * process) and nobody is locked out by the outage (ARCHITECTURE.md "Shared state").
 */
export function signInThrottleStore(
  redis: RedisClient | undefined,
  log: FastifyBaseLogger,
): ThrottleStore {
  const memory = createMemoryThrottleStore();
  if (redis === undefined) return memory;
  return createFailoverThrottleStore(createRedisThrottleStore(redis), memory, (err) => {
    log.warn({ err, event: 'sign-in-throttle.redis-failed' }, 'sign-in throttle counted locally');
  });
}

export async function createSignInGuard(
  db: Db,
  config: Pick<ServerConfig, 'rateLimitScale' | 'secureCookies'>,
  store: ThrottleStore = createMemoryThrottleStore(),
): Promise<SignInGuard> {
  const scale = config.rateLimitScale;
  const throttle = createLoginThrottle(store, {
    deviceFailures: LOGIN_DEVICE_FAILURES * scale,
    pairFailures: LOGIN_PAIR_FAILURES * scale,
    addressFailures: LOGIN_ADDRESS_FAILURES * scale,
    untrustedFailures: LOGIN_UNTRUSTED_FAILURES * scale,
    windowMs: LOGIN_FAILURE_WINDOW_MS,
  });
  const devices = createDeviceCookies(await serverSecret(db, 'device-cookie'), config);
  return createSignInGuardWith(throttle, devices);
}
