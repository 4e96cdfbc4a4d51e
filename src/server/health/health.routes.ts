import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { successReply } from '#shared/contracts/security';
import { AppError } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { SHUTTING_DOWN_MESSAGE } from '../plugins/shutdown-gate.ts';

/** Each readiness check answers within this or counts as down. */
export const READY_CHECK_TIMEOUT_MS = 1000;

const NOT_READY_MESSAGE = message('server.errors.notReady');

/** Resolves true when `check` settles fine within the timeout, false otherwise. */
async function answersWithin(check: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

// GET /api/health: the process is up (success once the database answers).
// GET /api/ready (beyond-spec.md section 5): the database answers, and Redis when REDIS_URL is
// set, and the process is not shutting down; else 503. A balancer sends traffic only to ready
// processes. Public, like health: it tells nothing but up or down.
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: successReply } } },
    async () => {
      await sql`select 1`.execute(app.ctx.opened.db);
      return { status: 'success' as const };
    },
  );
  typed.get(
    '/api/ready',
    { config: { access: 'public' }, schema: { response: { 200: successReply } } },
    async (request) => {
      if (app.isShuttingDown()) throw new AppError('SERVICE_UNAVAILABLE', SHUTTING_DOWN_MESSAGE);
      const { opened, redis } = app.ctx;
      const [database, sharedState] = await Promise.all([
        answersWithin(() => sql`select 1`.execute(opened.db), READY_CHECK_TIMEOUT_MS),
        redis === undefined
          ? Promise.resolve(true)
          : answersWithin(() => redis.ping(), READY_CHECK_TIMEOUT_MS),
      ]);
      if (!database || !sharedState) {
        request.log.warn({ database, redis: sharedState }, 'not ready');
        throw new AppError('SERVICE_UNAVAILABLE', NOT_READY_MESSAGE);
      }
      return { status: 'success' as const };
    },
  );
}
