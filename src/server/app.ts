// buildApp(config): the whole server as a Fastify instance that has not started listening.
// Tests inject into it or listen on an ephemeral port; main.ts listens for real.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { ServerConfig } from './config.ts';
import { openDatabase, type OpenedDb } from './db/kysely.ts';
import { migrateToLatest } from './db/migrate.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerAccessControl } from './plugins/access.ts';
import { registerCsrfGuard } from './plugins/csrf.ts';
import { registerStaticApp } from './plugins/static-app.ts';
import { registerShutdownGate } from './plugins/shutdown-gate.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { registerSecureChannel } from './plugins/secure-channel.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerZodSchemas } from './plugins/zod-schemas.ts';
import { openApiRoutes, registerOpenApi } from './openapi/openapi.routes.ts';
import { securityRoutes } from './security/security.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { feedbackRoutes } from './feedback/feedback.routes.ts';
import { applicationRoutes } from './applications/applications.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { cargoRoutes } from './cargo/cargo.routes.ts';
import { roundRoutes } from './rounds/rounds.routes.ts';
import { adminRoundRoutes } from './rounds/admin-rounds.routes.ts';
import { orderRoutes } from './orders/orders.routes.ts';
import { adminUsersRoutes } from './admin-users/admin-users.routes.ts';
import { adminApplicationRoutes } from './applications/admin-applications.routes.ts';
import { adminFeedbackRoutes } from './feedback/admin-feedback.routes.ts';
import { adminAlertsRoutes } from './admin-alerts/admin-alerts.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { privacyRoutes } from './privacy/privacy.routes.ts';
import { reportRoutes } from './reports/reports.routes.ts';
import { deviceRoutes } from './devices/devices.routes.ts';
import { pushRoutes } from './push/push.routes.ts';
import { registerPush } from './push/push-plugin.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { registerRetentionSweep } from './privacy/retention-sweep.ts';
import { registerMailer } from './mail/mail-plugin.ts';
import { registerIdempotencyPruning } from './idempotency/idempotency-pruning.ts';
import { registerNotifications } from './notifications/notifications-plugin.ts';
import { notificationRoutes } from './notifications/notifications.routes.ts';
import { LOG_REDACT_PATHS, LOG_SERIALIZERS } from './logging.ts';
import { closeRedis, openRedis, type RedisClient } from './shared-state/redis-client.ts';
import type { PushChannel } from './notifications/notification-channels.ts';

export interface AppContext {
  config: ServerConfig;
  opened: OpenedDb;
  /** The process's Redis client when REDIS_URL is set (shared rate limits and throttles). */
  redis: RedisClient | undefined;
  /** The Web Push channel (push/), set at start; the notification worker sends through it. */
  pushChannel?: PushChannel;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** 1 MiB covers every JSON call; images go through multipart with their own limit. */
export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(
  config: ServerConfig,
  opened: OpenedDb = openDatabase(config.databaseUrl, config.dataDir, config.sqliteDurability),
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      serializers: LOG_SERIALIZERS,
    },
    bodyLimit: BODY_LIMIT,
    // request.ip (every per-address limit) comes from X-Forwarded-For only for these proxies.
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  const redis =
    config.redisUrl === undefined
      ? undefined
      : await openRedis(config.redisUrl, config.redisPrefix, app.log);
  app.decorate('ctx', { config, opened, redis });
  app.addHook('onClose', async () => {
    await opened.db.destroy();
    if (redis !== undefined) await closeRedis(redis);
  });

  await migrateToLatest(opened);

  registerErrorHandling(app);
  registerShutdownGate(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app);
  // With Redis, one count per key for all processes; a Redis failure lets the request through
  // (fail open: an outage must not stop people ordering supplies; ARCHITECTURE.md).
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis === undefined ? {} : { redis, skipOnError: true, nameSpace: 'rate-limit:' }),
  });
  registerAccessControl(app, opened, { loginSessionIdleMs: config.loginSessionIdleMs });
  // After access control, so a caller without access learns nothing from input checks.
  registerTextGuard(app);
  // After access control: the channel checks a session's login binding against its cookie.
  registerSecureChannel(app, opened.db, { secureSessionIdleMs: config.secureSessionIdleMs });
  // JSON bodies nested too deep are a 400 before they are parsed (the channel does the same).
  registerJsonBody(app);
  // After the secure channel, so the refusal of an encrypted request is encrypted too
  // (wire-protocol.md: replies to encrypted requests are encrypted, errors included).
  registerCsrfGuard(app);
  registerMailer(app, config);
  registerIdempotencyPruning(app, opened.db);
  registerRetentionSweep(app);
  // Web Push's keys and channel; before the notification worker, which closes first.
  await registerPush(app);
  // After the mailer: its onClose runs first, so the last sends finish before mail closes.
  registerNotifications(app);
  // Route schemas are zod contracts, validated after every preValidation hook above.
  registerZodSchemas(app);
  // Before the routes: the OpenAPI document is collected as they are registered.
  await registerOpenApi(app);

  await app.register(openApiRoutes);
  await app.register(healthRoutes);
  await app.register(securityRoutes);
  await app.register(authRoutes);
  await app.register(feedbackRoutes);
  await app.register(applicationRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminApplicationRoutes);
  await app.register(adminFeedbackRoutes);
  await app.register(adminAlertsRoutes);
  await app.register(auditRoutes);
  await app.register(privacyRoutes);
  await app.register(reportRoutes);
  await app.register(cargoRoutes);
  await app.register(roundRoutes);
  await app.register(adminRoundRoutes);
  await app.register(orderRoutes);
  await app.register(deviceRoutes);
  await app.register(pushRoutes);
  await app.register(notificationRoutes);
  await app.register(calendarRoutes);

  await registerStaticApp(app, config.staticDir);
  return app;
}
