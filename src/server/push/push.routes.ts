// Web Push subscriptions (issue 19; beyond-spec.md section 3; contracts/notifications.ts):
// - GET /api/push/public-key (public): the VAPID public key browsers subscribe with.
// - POST /api/push/subscriptions (signed in): this browser's PushSubscription → 201. The
//   endpoint must be https: on a PUSH_HOSTS host, the keys a P-256 point and a 16-byte secret.
// - DELETE /api/push/subscriptions (signed in): forgets the endpoint if it is the caller's.
// Both writes are naturally idempotent (store / forget one endpoint), so no Idempotency-Key
// is needed: a resent one changes nothing. Limited per account after access control.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PATHS,
  pushPublicKeyReply,
  pushSubscribeRequest,
  pushSubscriptionReply,
  pushUnsubscribeRequest,
} from '#shared/contracts/notifications';
import { badRequest } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { signedInWriteOf } from '../http/writes.ts';
import { sayTo } from '../i18n/say-to.ts';
import { subscribe, subscriptionProblem, unsubscribe } from './push.service.ts';

/** Subscription writes per account and minute (times config.rateLimitScale). */
export const PUSH_SUBSCRIPTION_RATE_LIMIT = 30;

export async function pushRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;
  const rateLimit = {
    max: PUSH_SUBSCRIPTION_RATE_LIMIT * config.rateLimitScale,
    timeWindow: '1 minute',
    hook: 'preValidation' as const,
    keyGenerator: (request: FastifyRequest) => `push-subscription:${request.user?.userId ?? 0}`,
  };

  app.get(
    NOTIFICATION_PATHS.pushPublicKey,
    { config: { access: 'public' }, schema: { response: { 200: pushPublicKeyReply } } },
    async (request) => {
      const { publicKey } = app.pushKeys;
      const message = sayTo(request, 'server.push.publicKey');
      return { status: 'success' as const, message, publicKey };
    },
  );

  app.post(
    NOTIFICATION_PATHS.pushSubscriptions,
    {
      config: { access: 'signedIn', rateLimit },
      schema: { body: pushSubscribeRequest, response: { 201: pushSubscriptionReply } },
    },
    async (request, reply) => {
      const { subscription } = request.body;
      const problem = subscriptionProblem(subscription, config.pushHosts);
      if (problem !== undefined) {
        const field = problem === 'p256dh' || problem === 'auth' ? `keys.${problem}` : 'endpoint';
        const refusal = NOTIFICATION_MESSAGES[problem];
        throw badRequest(
          message('server.validation.fieldRefusal', { field: `subscription.${field}`, refusal }),
        );
      }
      await opened.db
        .transaction()
        .execute((trx) => subscribe(signedInWriteOf(request, trx), subscription));
      return reply.code(201).send({
        status: 'success' as const,
        message: sayTo(request, 'server.push.on'),
      });
    },
  );

  app.delete(
    NOTIFICATION_PATHS.pushSubscriptions,
    {
      config: { access: 'signedIn', rateLimit },
      schema: { body: pushUnsubscribeRequest, response: { 200: pushSubscriptionReply } },
    },
    async (request) => {
      await opened.db
        .transaction()
        .execute((trx) => unsubscribe(signedInWriteOf(request, trx), request.body.endpoint));
      return { status: 'success' as const, message: sayTo(request, 'server.push.off') };
    },
  );
}
