// The process's one Redis client (REDIS_URL), made by buildApp and closed with the app. Every
// key it writes carries config.redisPrefix (ioredis keyPrefix, Lua KEYS included), so two
// deployments on one Redis never read each other's counts.
// Redis going away must never hang a request: commands are not queued while disconnected
// (enableOfflineQueue false: they fail at once), a command gets no retry on another connection
// (maxRetriesPerRequest 0) and waits at most REDIS_COMMAND_TIMEOUT_MS for its answer (a Redis
// that accepts connections but does not answer). The client keeps reconnecting in the
// background; each user decides what a failed command means (see ARCHITECTURE.md "Shared
// state").
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 2000;
const REDIS_RECONNECT_MAX_MS = 2000;

export type RedisClient = Redis;

/**
 * A client for `url` with keys under `prefix`; resolves once connected or once the first try
 * failed (the server starts and serves without Redis, and the client keeps trying).
 */
export async function openRedis(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<RedisClient> {
  const redis = new Redis(url, {
    keyPrefix: prefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 100, REDIS_RECONNECT_MAX_MS),
  });
  logStateChanges(redis, log);
  try {
    await redis.connect();
  } catch (err) {
    log.warn({ err }, 'Redis does not answer at start; serving without it until it does');
  }
  return redis;
}

/** One line when Redis goes away and one when it is back, not one per failed reconnect. */
function logStateChanges(redis: Redis, log: FastifyBaseLogger): void {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err },
      'Redis unreachable: rate limits are not counted (fail open) and sign-in throttles ' +
        "count in this process's memory until it is back",
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis reachable again');
  });
}

/** Closes the client without waiting for a Redis that is gone. */
export async function closeRedis(redis: RedisClient): Promise<void> {
  if (redis.status === 'end') return;
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
