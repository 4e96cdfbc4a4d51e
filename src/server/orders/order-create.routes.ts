// POST /api/orders/create (CLIENT; identity from the session, a claimed userId must be the
// caller's) and POST /api/orders/guest/create (public). Both are rate limited per address and
// per account (order-rate-limits.ts) and keep the drain limits (order-limits.service.ts).
// Both are replayable with an Idempotency-Key stored in the order's own transaction.
// A signed-in caller may use the guest path too: the order is then a GUEST order like any
// other (no user_id; it does not appear in their history), since it carries the guest's own
// contact details rather than the account's; it counts against the guest phone/email limit.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientOrderRequest,
  guestOrderRequest,
  ORDER_PATHS,
  orderCreateReply,
  type OrderCreateReply,
} from '#shared/contracts/orders';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { writeContextOf } from '../db/write-context.ts';
import { runIdempotent, type IdempotentOptions } from '../idempotency/run-idempotent.ts';
import { callerOf } from '../plugins/access.ts';
import { clientOrderInput, guestOrderInput } from './order-input.ts';
import type { OrderDetails } from './orders.types.ts';
import { orderRateLimits } from './order-rate-limits.ts';
import { placeOrder, placeOrderAtOnce, type Orderer } from './place-order.service.ts';
import { ivRecorded, pendingIvOf, recordPendingIv } from '../plugins/secure-channel.ts';
import { SECURE_SESSION_MAX_MESSAGES } from '../security/secure-sessions.repository.ts';
import type { MessageId } from '#shared/i18n/messages';
import { requestLanguage } from '../i18n/request-language.ts';
import { translate } from '../i18n/translator.ts';

/** Guest orders per client address and minute, times config.rateLimitScale. */
export const GUEST_ORDER_RATE_LIMIT = 20;
/**
 * Client orders per address and minute (a shelter's clients may share one address), and per
 * account and hour (at most 3 can be open at once; cancelling and ordering again is fine a
 * few times, a script is not), times config.rateLimitScale.
 */
export const CLIENT_ORDER_RATE_LIMIT = 30;
export const ACCOUNT_ORDER_RATE_LIMIT = 10;

/** The success messages (the spec's English), worded in the caller's language. */
const PLACED: MessageId = 'server.orders.placed';
const GUEST_PLACED: MessageId = 'server.orders.guestPlaced';

export async function orderCreateRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const opened = app.ctx.opened;
  const response = documentedReplies({ 200: orderCreateReply });

  function replyOf(message: string) {
    return (orderId: number) => {
      const body: OrderCreateReply = {
        status: 'success',
        message,
        orderId,
        orderStatus: 'PENDING',
      };
      return { statusCode: 200, body };
    };
  }

  /** Places the order under the request's Idempotency-Key; PostgreSQL tries one statement first. */
  function create(
    request: FastifyRequest,
    reply: FastifyReply,
    details: OrderDetails,
    orderer: Orderer,
    placed: MessageId,
  ) {
    const replied = replyOf(translate(requestLanguage(request), placed));
    const work = async (trx: Parameters<typeof writeContextOf>[1]) =>
      replied(await placeOrder(writeContextOf(opened, trx), details, orderer));
    const oneStatement: IdempotentOptions['oneStatement'] =
      opened.dialect === 'postgres'
        ? async (claim, now) => {
            // An encrypted keyed order's IV is recorded by the order's own statement (see
            // `ivWithWrite`); when that placed nothing, the general path records it first.
            const pending = pendingIvOf(request);
            const iv =
              pending === undefined ? null : { ...pending, max: SECURE_SESSION_MAX_MESSAGES };
            const done = await placeOrderAtOnce(
              opened.db,
              details,
              orderer,
              { claim, now },
              replied,
              iv,
            );
            if (done !== undefined) ivRecorded(request);
            else await recordPendingIv(request);
            return done;
          }
        : undefined;
    return runIdempotent(request, reply, opened.db, work, { oneStatement });
  }

  const limits = orderRateLimits(app, {
    clientPerAddressPerMinute: CLIENT_ORDER_RATE_LIMIT,
    guestPerAddressPerMinute: GUEST_ORDER_RATE_LIMIT,
    perAccountPerHour: ACCOUNT_ORDER_RATE_LIMIT,
  });
  app.post(
    ORDER_PATHS.create,
    // Counted in preValidation: after access control (the account is known), before the body
    // schema, so a body it refuses still counts toward the address and account limits.
    {
      config: { access: ['CLIENT'], idempotent: true, ivWithWrite: true },
      preValidation: limits.client,
      schema: { body: clientOrderRequest, response },
    },
    async (request, reply) => {
      const details = clientOrderInput(request.body);
      const orderer: Orderer = { userId: callerOf(request).userId, orderType: 'CLIENT' };
      return create(request, reply, details, orderer, PLACED);
    },
  );

  app.post(
    ORDER_PATHS.guestCreate,
    // Counted in onRequest (anyone may call it, so no access check comes first): a request past
    // the limit is refused before its body is opened, and an encrypted one stores no IV.
    {
      config: { access: 'public', idempotent: true, ivWithWrite: true },
      onRequest: limits.guest,
      schema: { body: guestOrderRequest, response },
    },
    async (request, reply) => {
      const details = guestOrderInput(request.body);
      const orderer: Orderer = { userId: null, orderType: 'GUEST' };
      return create(request, reply, details, orderer, GUEST_PLACED);
    },
  );
}
