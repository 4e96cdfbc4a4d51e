// POST /api/orders/create (CLIENT; identity from the session, a claimed userId must be the
// caller's) and POST /api/orders/guest/create (public). Both are rate limited per address and
// per account (order-rate-limits.ts) and keep the drain limits (order-limits.service.ts).
// Both are replayable with an Idempotency-Key stored in the order's own transaction.
// A signed-in caller may use the guest path too: the order is then a GUEST order like any
// other (no user_id; it does not appear in their history), since it carries the guest's own
// contact details rather than the account's; it counts against the guest phone/email limit.
import type { FastifyInstance } from 'fastify';
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
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { callerOf } from '../plugins/access.ts';
import { clientOrderInput, guestOrderInput } from './order-input.ts';
import type { OrderDetails } from './orders.types.ts';
import { orderRateLimits } from './order-rate-limits.ts';
import { placeOrder, type Orderer } from './place-order.service.ts';

/** Guest orders per client address and minute, times config.rateLimitScale. */
export const GUEST_ORDER_RATE_LIMIT = 20;
/**
 * Client orders per address and minute (a shelter's clients may share one address), and per
 * account and hour (at most 3 can be open at once; cancelling and ordering again is fine a
 * few times, a script is not), times config.rateLimitScale.
 */
export const CLIENT_ORDER_RATE_LIMIT = 30;
export const ACCOUNT_ORDER_RATE_LIMIT = 10;

const PLACED = 'Order placed successfully.';
const GUEST_PLACED = 'Order placed successfully. Please save your order ID.';

export async function orderCreateRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const opened = app.ctx.opened;
  const response = documentedReplies({ 200: orderCreateReply });

  function create(details: OrderDetails, orderer: Orderer, message: string) {
    return async (trx: Parameters<typeof writeContextOf>[1]) => {
      const orderId = await placeOrder(writeContextOf(opened, trx), details, orderer);
      const body: OrderCreateReply = {
        status: 'success',
        message,
        orderId,
        orderStatus: 'PENDING',
      };
      return { statusCode: 200, body };
    };
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
      config: { access: ['CLIENT'] },
      preValidation: limits.client,
      schema: { body: clientOrderRequest, response },
    },
    async (request, reply) => {
      const details = clientOrderInput(request.body);
      const orderer: Orderer = { userId: callerOf(request).userId, orderType: 'CLIENT' };
      return runIdempotent(request, reply, opened.db, create(details, orderer, PLACED));
    },
  );

  app.post(
    ORDER_PATHS.guestCreate,
    // Counted in onRequest (anyone may call it, so no access check comes first): a request past
    // the limit is refused before its body is opened, and an encrypted one stores no IV.
    {
      config: { access: 'public' },
      onRequest: limits.guest,
      schema: { body: guestOrderRequest, response },
    },
    async (request, reply) => {
      const details = guestOrderInput(request.body);
      const orderer: Orderer = { userId: null, orderType: 'GUEST' };
      return runIdempotent(request, reply, opened.db, create(details, orderer, GUEST_PLACED));
    },
  );
}
